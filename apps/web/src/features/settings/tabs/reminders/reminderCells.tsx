import { REMINDER_CHANNELS } from '@pd/contracts';
import { Column } from 'primereact/column';
import { optionsOf } from '../../../../components/form/options.ts';
import { CHANNEL_LABELS } from '../../../reminders/dispatchLabels.ts';

export const CHANNEL_OPTIONS = optionsOf(REMINDER_CHANNELS, CHANNEL_LABELS);

export const channelColumn = () => (
  <Column
    key="channel"
    field="channel"
    header="Channel"
    sortable
    body={(row: { channel: 'sms' | 'email' }) => CHANNEL_LABELS[row.channel]}
  />
);
