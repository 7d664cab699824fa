import { CLIENT_STATUSES, type ClientStatus, YES_NO } from '@pd/contracts';

export interface Option<V extends string | number = string> {
  value: V;
  label: string;
}

/** Options of an enumeration with its words; a Record keyed by the contracts' values fails to compile when one is added there. */
export const optionsOf = <V extends string>(values: readonly V[], labels: Record<V, string>): Option<V>[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** An enumeration's word as a label: the spec's "software support" reads "Software support". */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const YES_NO_LABELS = { Y: 'Yes', N: 'No' } as const;
export const YES_NO_OPTIONS = optionsOf(YES_NO, YES_NO_LABELS);

/** Clients and the products they hold share these statuses (spec section 3). */
export const STATUS_LABELS: Record<ClientStatus, string> = { A: 'Active', I: 'Inactive', P: 'Pending' };
export const STATUS_OPTIONS = optionsOf(CLIENT_STATUSES, STATUS_LABELS);
