import { FIELD_MESSAGES, type LoginRequest, loginRequestSchema, requiredText } from '@pd/contracts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';

/** The contracts' sign-in request, each field saying 'Field is required.' when empty (the password untrimmed). */
const loginFormSchema = z
  .object({ username: requiredText(100), password: z.string().min(1, FIELD_MESSAGES.required) })
  .pipe(loginRequestSchema);
export type LoginFormValues = LoginRequest;

/** Only messages meant for people are shown: bad credentials and lock-outs, else a generic line. */
function messageFor(error: unknown): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 429)) return error.message;
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return error.message;
  return GENERIC_FAILURE;
}

export function LoginForm({ onSubmit }: { onSubmit: (values: LoginFormValues) => Promise<void> }) {
  // A new object per failure, so the same message twice still moves focus back to the password.
  const [failure, setFailure] = useState<{ message: string } | null>(null);
  const { form, submit } = useContractForm<LoginFormValues, LoginRequest>({
    schema: loginFormSchema,
    defaultValues: { username: '', password: '' },
    save: (values) => {
      setFailure(null);
      return onSubmit(values);
    },
    // The page says it itself, above the fields; the password is emptied for the next try.
    failure: false,
    onFailure: (error) => {
      setFailure({ message: messageFor(error) });
      form.resetField('password');
    },
  });
  const {
    register,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;

  // Focus can only move once the fieldset is enabled again.
  useEffect(() => {
    if (failure && !isSubmitting) setFocus('password');
  }, [failure, isSubmitting, setFocus]);

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      {failure && (
        <div id="login-error" className="notice notice--error" role="alert">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {failure.message}
        </div>
      )}
      <fieldset disabled={isSubmitting} className="login-form__fields">
        <div className="field">
          <label htmlFor="username">Username</label>
          <InputText
            id="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            invalid={Boolean(errors.username)}
            aria-invalid={Boolean(errors.username)}
            aria-describedby={errors.username ? 'username-error' : undefined}
            {...register('username')}
          />
          {errors.username && (
            <small id="username-error" className="field-error">
              {errors.username.message}
            </small>
          )}
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <InputText
            id="password"
            type="password"
            autoComplete="current-password"
            invalid={Boolean(errors.password)}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'password-error' : undefined}
            {...register('password')}
          />
          {errors.password && (
            <small id="password-error" className="field-error">
              {errors.password.message}
            </small>
          )}
        </div>
        <Button
          type="submit"
          label={isSubmitting ? 'Signing in…' : 'Sign in'}
          icon="pi pi-sign-in"
          loading={isSubmitting}
          className="login-form__submit"
        />
      </fieldset>
    </form>
  );
}
