import { capitalised } from '../../components/form/options.ts';

/** Actions whose words are not "<thing> <done>". */
const PHRASES: Record<string, string> = {
  'auth.login': 'Signed in',
  'audit.manual': 'Audit entry added',
  'message.email': 'E-mail sent',
  'message.sms': 'SMS sent',
  'message.bulksms': 'Bulk SMS sent',
  'unpaid.run': 'Unpaids run',
  'unpaid.notice': 'Unpaid notice created',
  'billing.run': 'Billing run',
  'billing.settings': 'Billing settings changed',
  'credit.settings': 'SMS credit settings changed',
  'credit.topup': 'SMS credit topped up',
  'practitioner.hours': 'Working hours changed',
  'client.intake.import': 'Client intake imported',
  'client.config.update': 'Client settings changed',
  'company.config.update': 'Company settings changed',
  'client.export': 'Clients exported',
  'invoice.payment': 'Payment recorded',
  'appointment.invoice': 'Appointment invoiced',
  'appointment.status': 'Appointment status changed',
  'appointment.create.double-booked': 'Appointment created (double-booked)',
};

const THINGS: Record<string, string> = {
  appointment: 'appointment',
  billingplan: 'billing plan',
  client: 'client',
  clientproduct: 'client product',
  exception: 'diary exception',
  invoice: 'invoice',
  note: 'note',
  notetemplate: 'note template',
  process: 'process',
  product: 'product',
  room: 'room',
  series: 'series',
  statement: 'statement',
  task: 'task',
};

const DONE: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  cancel: 'cancelled',
  email: 'e-mailed',
  import: 'imported',
  export: 'exported',
};

/**
 * An audit action in words ("Client product created" for `clientproduct.create`); the API and its filters
 * keep the code. An action this list does not know reads as its parts.
 */
export function auditActionLabel(action: string): string {
  const phrase = PHRASES[action];
  if (phrase) return phrase;
  const words = action
    .split(/[.\-_]/)
    .filter(Boolean)
    .map((part) => THINGS[part] ?? DONE[part] ?? part);
  return capitalised(words.join(' '));
}
