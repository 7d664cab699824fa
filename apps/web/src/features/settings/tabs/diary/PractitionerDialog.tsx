import { DIARY_SETTINGS_MESSAGES as M, type PractitionerInput, practitionerInputSchema } from '@pd/contracts';
import { roomsResource, usePractitionerMutations } from '../../../../api/diarySettings.ts';
import { useCatalogueList } from '../../../../api/settings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { YesNoField } from '../../../../components/form/ChoiceFields.tsx';
import { SelectField } from '../../../../components/form/SelectField.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { FormDialog } from '../../FormDialog.tsx';
import { ColourField } from './diaryFields.tsx';
import { activeOptions } from './diaryLabels.ts';
import type { StaffRow } from './PractitionersTab.tsx';

interface PractitionerFormValues {
  active: 'Y' | 'N';
  colour: string;
  practiceNumber: string;
  registrationNumber: string;
  defaultRoomId: number | null;
}

/** Makes a user a practitioner (or not), with their colour, numbers and default room. */
export function PractitionerDialog({ row, onDone }: { row: StaffRow; onDone: () => void }) {
  const { company } = useSession();
  const { save } = usePractitionerMutations(company.id);
  const rooms = useCatalogueList(roomsResource, company.id);
  const p = row.practitioner;
  const typeH = company.type === 'H';
  const defaultValues: PractitionerFormValues = {
    // A user opened to be made one is meant to become a practitioner.
    active: p?.active ?? 'Y',
    colour: p?.colour ?? '#1e88e5',
    practiceNumber: p?.practiceNumber ?? '',
    registrationNumber: p?.registrationNumber ?? '',
    defaultRoomId: p?.defaultRoomId ?? null,
  };
  const contract = useContractForm<PractitionerFormValues, PractitionerInput>({
    schema: practitionerInputSchema,
    defaultValues,
    save: (input) => save.mutateAsync({ userId: row.id, input }),
    success: M.practitionerUpdated,
    mode: 'onTouched',
    // A type F company has no practice number field: an API error about one is listed, not lost.
    isShown: (field) => field in defaultValues && (typeH || field !== 'practiceNumber'),
    onDone,
  });
  return (
    <FormDialog header={`Practitioner: ${row.displayName}`} contract={contract} onCancel={onDone}>
      <YesNoField
        name="active"
        label="Practitioner"
        hint="Practitioners have a column in the diary and can be booked."
      />
      <ColourField name="colour" label="Colour" required />
      {typeH && <TextField name="practiceNumber" label="Practice number" maxLength={30} />}
      <TextField name="registrationNumber" label="Registration number" maxLength={30} />
      <SelectField
        name="defaultRoomId"
        label="Default room"
        options={activeOptions(rooms.data, p?.defaultRoomId ?? null)}
        loading={rooms.isPending}
        placeholder="No default room"
        clearable
      />
    </FormDialog>
  );
}
