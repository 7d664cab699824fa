import { DIARY_SETTINGS_MESSAGES as M, type Room, type RoomInput, roomInputSchema } from '@pd/contracts';
import { Column } from 'primereact/column';
import { roomsResource } from '../../../../api/diarySettings.ts';
import { YesNoField } from '../../../../components/form/ChoiceFields.tsx';
import { TextAreaField, TextField } from '../../../../components/form/TextField.tsx';
import { useContractForm } from '../../../../lib/forms/useContractForm.ts';
import { type CatalogueFormProps, CatalogueTab } from '../../CatalogueTable.tsx';
import { optionalTextColumn, yesNoColumn } from '../../cells.tsx';
import { FormDialog } from '../../FormDialog.tsx';

interface RoomFormValues {
  name: string;
  description: string;
  active: 'Y' | 'N';
}

/** Rooms and resources the diary books besides a practitioner. */
export function RoomsTab() {
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    optionalTextColumn('description', 'Description'),
    yesNoColumn('active', 'Active'),
  ];
  return (
    <CatalogueTab
      resource={roomsResource}
      noun="room"
      plural="rooms"
      sortField="name"
      itemName={(room: Room) => room.name}
      columns={columns}
      Form={RoomForm}
      deletedMessage={M.roomDeleted}
    />
  );
}

function RoomForm({ item: room, save, onDone }: CatalogueFormProps<Room, RoomInput>) {
  const contract = useContractForm<RoomFormValues, RoomInput>({
    schema: roomInputSchema,
    defaultValues: {
      name: room?.name ?? '',
      description: room?.description ?? '',
      active: room?.active ?? 'Y',
    },
    // An empty description is no description.
    save: (input) => save({ ...input, description: input.description || null }),
    success: room ? M.roomUpdated : M.roomCreated,
    mode: 'onTouched',
    onDone,
  });
  return (
    <FormDialog header={room ? 'Edit room' : 'New room'} contract={contract} onCancel={onDone}>
      <TextField name="name" label="Name" required maxLength={100} />
      <TextAreaField name="description" label="Description" maxLength={500} />
      <YesNoField name="active" label="Active" hint="Inactive rooms are not offered for new bookings." />
    </FormDialog>
  );
}
