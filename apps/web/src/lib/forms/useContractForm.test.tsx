import { requiredText } from '@pd/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { hasUnsavedChanges } from '../../app/leave/unsavedForms.ts';
import { ToastContext } from '../../app/toast/toastContext.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { type ContractFormConfig, useContractForm } from './useContractForm.ts';

const schema = z.strictObject({ name: requiredText(100), city: requiredText(100) });
type Values = z.input<typeof schema>;

const toast = { success: vi.fn(), error: vi.fn() };

function PlaceForm(props: Omit<ContractFormConfig<Values, Values>, 'schema' | 'defaultValues'>) {
  const { form, submit, problems } = useContractForm<Values, Values>({
    schema,
    defaultValues: { name: '', city: '' },
    ...props,
  });
  return (
    <FormShell form={form} onSubmit={submit} idPrefix="place-" label="Place">
      <TextField name="name" label="Name" required />
      <TextField name="city" label="City" required />
      <FormActions submitLabel="Save" problems={problems} />
    </FormShell>
  );
}

const withToasts = (ui: ReactNode) =>
  render(<ToastContext.Provider value={toast}>{ui}</ToastContext.Provider>);

async function fillAndSave(values: Partial<Values>) {
  for (const [name, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(new RegExp(`^${name}`, 'i')), { target: { value } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('useContractForm', () => {
  it('checks with the schema first: the field says why and nothing is saved', async () => {
    const save = vi.fn();
    withToasts(<PlaceForm save={save} success="Saved." onDone={vi.fn()} />);
    await fillAndSave({ name: 'Home' });
    expect(screen.getByTestId('city-error').textContent).toBe('Field is required.');
    expect(screen.getByLabelText(/^city/i).getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the parsed input, toasts success and calls onDone', async () => {
    const save = vi.fn().mockResolvedValue({ id: 1 });
    const onDone = vi.fn();
    withToasts(<PlaceForm save={save} success={(v) => `Saved ${v.name}.`} onDone={onDone} />);
    await fillAndSave({ name: ' Home ', city: 'Durban' });
    expect(save).toHaveBeenCalledWith({ name: 'Home', city: 'Durban' });
    expect(toast.success).toHaveBeenCalledWith('Saved Home.');
    expect(onDone).toHaveBeenCalledOnce();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('on a refusal toasts the failure, puts the field error on its field, lists the rest and keeps the values', async () => {
    const refusal = new ApiError(400, 'VALIDATION_FAILED', 'Invalid input.', [
      { path: 'body.city', message: 'We do not deliver there.' },
      { path: 'body.region', message: 'The region is closed.' },
    ]);
    const onDone = vi.fn();
    withToasts(
      <PlaceForm save={vi.fn().mockRejectedValue(refusal)} failure="Failed to save." onDone={onDone} />,
    );
    await fillAndSave({ name: 'Home', city: 'Atlantis' });
    expect(toast.error).toHaveBeenCalledWith('Failed to save.');
    expect(screen.getByTestId('city-error').textContent).toBe('We do not deliver there.');
    expect(screen.getByText('The region is closed.')).toBeTruthy();
    expect((screen.getByLabelText(/^city/i) as HTMLInputElement).value).toBe('Atlantis');
    expect((screen.getByLabelText(/^name/i) as HTMLInputElement).value).toBe('Home');
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows a refusal that names no field in the API's own words", async () => {
    const conflict = new ApiError(409, 'CONFLICT', 'This place exists already.');
    withToasts(<PlaceForm save={vi.fn().mockRejectedValue(conflict)} />);
    await fillAndSave({ name: 'Home', city: 'Durban' });
    expect(toast.error).toHaveBeenCalledWith('This place exists already.');
    expect(screen.getByText('This place exists already.')).toBeTruthy();
  });

  it('counts as unsaved while changed and not saved; a save releases it, a new change does not stay released', async () => {
    const save = vi.fn().mockResolvedValue({ id: 1 });
    withToasts(<PlaceForm save={save} />);
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.change(screen.getByLabelText(/^name/i), { target: { value: 'Home' } });
    expect(hasUnsavedChanges()).toBe(true);
    await fillAndSave({ city: 'Durban' });
    expect(save).toHaveBeenCalledOnce();
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.change(screen.getByLabelText(/^city/i), { target: { value: 'Cape Town' } });
    expect(hasUnsavedChanges()).toBe(true);
    cleanup();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
