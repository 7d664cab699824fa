import {
  FIELD_MESSAGES,
  FORM_BUILDER_MESSAGES,
  FORM_LIMITS,
  type FormCreate,
  type FormDetail,
} from '@pd/contracts';
import { useRef } from 'react';
import { z } from 'zod';
import { useFormTemplates } from '../../../api/forms.ts';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { FormDialog } from '../FormDialog.tsx';

const BLANK = '';

/** Blank (a name) or a shipped template (its title, unless a name is given). */
const newFormSchema = z
  .object({
    name: z.string().trim().max(FORM_LIMITS.nameLength, FIELD_MESSAGES.atMost(FORM_LIMITS.nameLength)),
    template: z.string(),
  })
  .refine((v) => v.name !== '' || v.template !== BLANK, { message: FIELD_MESSAGES.required, path: ['name'] })
  .transform(
    (v): FormCreate => ({
      ...(v.template !== BLANK ? { template: v.template } : {}),
      ...(v.name !== '' ? { name: v.name } : {}),
    }),
  );

interface NewFormDialogProps {
  companyId: number;
  create: (body: FormCreate) => Promise<FormDetail>;
  onCreated: (form: FormDetail) => void;
  onCancel: () => void;
}

export function NewFormDialog({ companyId, create, onCreated, onCancel }: NewFormDialogProps) {
  const templates = useFormTemplates(companyId);
  const created = useRef<FormDetail | null>(null);
  const contract = useContractForm<z.input<typeof newFormSchema>, FormCreate, FormDetail>({
    schema: newFormSchema,
    defaultValues: { name: '', template: BLANK },
    save: async (body) => {
      created.current = await create(body);
      return created.current;
    },
    success: (_, form) => FORM_BUILDER_MESSAGES.created(form.name),
    mode: 'onTouched',
    onDone: () => {
      if (created.current) onCreated(created.current);
    },
  });
  const options = [
    { value: BLANK, label: 'A blank form' },
    ...(templates.data ?? []).map((t) => ({ value: t.key, label: t.title })),
  ];
  return (
    <FormDialog header="New form" contract={contract} onCancel={onCancel}>
      <SelectField
        name="template"
        label="Start from"
        options={options}
        loading={templates.isPending}
        hint={
          templates.isError ? 'The shipped forms could not be loaded: start from a blank form.' : undefined
        }
      />
      <TextField
        name="name"
        label="Name"
        maxLength={FORM_LIMITS.nameLength}
        hint="A shipped form keeps its own name when this is empty."
      />
    </FormDialog>
  );
}
