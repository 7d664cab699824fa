import type { IntakeMapping, MappingField } from '../intake-mapping.ts';
import { normaliseName, parseDate, tidy } from './normalise.ts';

export interface RowProblem {
  field: string;
  message: string;
}

/** One patient as read from the file: mapped target -> value (blank ones left out). */
export interface ParsedRow {
  row: number;
  values: Record<string, string>;
  problems: RowProblem[];
}

export const MAX_DIAGNOSES = 5;

/** normalised form-field name or label -> the mapping field it fills. */
export function nameIndex(mapping: IntakeMapping, kind: 'formFields' | 'labels' | 'both') {
  const index = new Map<string, MappingField>();
  for (const field of mapping.fields) {
    const names =
      kind === 'both'
        ? [...field.formFields, ...field.labels]
        : kind === 'formFields'
          ? field.formFields
          : field.labels;
    for (const name of names) index.set(normaliseName(name), field);
  }
  return index;
}

/** Each field's `values` keyed by normalised input, built once per mapping field (not per cell). */
const valueMaps = new WeakMap<MappingField, Map<string, string>>();

function lookupValue(field: MappingField, value: string): string {
  if (!field.values) return value;
  let map = valueMaps.get(field);
  if (!map) {
    map = new Map(Object.entries(field.values).map(([from, to]) => [normaliseName(from), to]));
    valueMaps.set(field, map);
  }
  return map.get(normaliseName(value)) ?? value;
}

function keep(field: MappingField, value: string): string {
  if (field.keep === 'digits') return value.replace(/\D/g, '');
  if (field.keep === 'upper') return value.toUpperCase();
  if (field.keep === 'lower') return value.toLowerCase();
  return value;
}

/**
 * The mapping's transformations, in order: tidy white space, keep digits/upper/lower, translate values,
 * read dates, split code lists, then fill blanks from a fallback field.
 */
export function mapRecord(row: number, raw: Map<MappingField, string>, mapping: IntakeMapping): ParsedRow {
  const values: Record<string, string> = {};
  const problems: RowProblem[] = [];
  for (const [field, rawValue] of raw) {
    const value = lookupValue(field, keep(field, tidy(rawValue)));
    if (value === '') continue;
    if (field.dateFormat) {
      const date = parseDate(value, field.dateFormat);
      if (date) values[field.target] = date;
      else problems.push({ field: field.target, message: `Use the format ${field.dateFormat}.` });
    } else if (field.split) {
      const codes = value.split(/[\s,;]+/).filter(Boolean);
      if (codes.length > MAX_DIAGNOSES)
        problems.push({ field: field.target, message: `At most ${MAX_DIAGNOSES} ICD-10 codes.` });
      codes.slice(0, MAX_DIAGNOSES).forEach((code, i) => {
        values[`diagnosisCode${i + 1}`] = code;
      });
    } else values[field.target] = value;
  }
  for (const field of mapping.fields) {
    const from = field.fallback ? values[field.fallback] : undefined;
    if (from && !values[field.target]) values[field.target] = from;
  }
  return { row, values, problems };
}
