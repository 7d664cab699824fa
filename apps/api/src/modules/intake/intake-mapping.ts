import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_STATUSES,
  CLIENT_TYPES,
  COUNTRIES,
  type ImportFormat,
  INTAKE_PATHS,
  RECORD_TARGETS,
  YES_NO,
} from '@pd/contracts';
import { z } from 'zod';
import { DATE_FORMATS, normaliseName } from './parse/normalise.ts';

const names = z.array(z.string().trim().min(1).max(100)).max(20).default([]);

const fieldSchema = z
  .strictObject({
    target: z.enum(RECORD_TARGETS),
    /** Names of the fillable PDF's form fields (and CSV headers). */
    formFields: names,
    /** Labels printed on the flat PDF (and CSV headers). */
    labels: names,
    /** Input value -> stored value, compared without case, spaces or punctuation; others pass through. */
    values: z.record(z.string(), z.string()).optional(),
    dateFormat: z.enum(DATE_FORMATS).optional(),
    keep: z.enum(['digits', 'upper', 'lower']).optional(),
    /** The value holds several codes separated by commas, semicolons or spaces (diagnosisCodes). */
    split: z.boolean().optional(),
    /** Take this other target's value when the field is blank (e.g. preferredName from firstName). */
    fallback: z.enum(RECORD_TARGETS).optional(),
  })
  .refine((f) => f.formFields.length + f.labels.length > 0, 'Give at least one form field name or label.');

export const mappingSchema = z
  .strictObject({
    format: z.enum(['001', '002']),
    title: z.string().trim().min(1).max(100),
    /** A printed label counts only when this follows it on the flat PDF ("" = just a space). */
    labelSeparator: z.string().max(3).default(':'),
    defaults: z
      .strictObject({
        type: z.enum(CLIENT_TYPES).optional(),
        addressCountry: z.enum(COUNTRIES).optional(),
        status: z.enum(CLIENT_STATUSES).optional(),
        commStatus: z.enum(YES_NO).optional(),
        taxRegistered: z.enum(YES_NO).optional(),
        category: z.string().trim().max(100).optional(),
      })
      .default({}),
    fields: z.array(fieldSchema).min(1).max(100),
  })
  .superRefine((m, ctx) => {
    const seenTargets = new Set<string>();
    const seenNames = new Map<string, string>();
    for (const [i, f] of m.fields.entries()) {
      if (seenTargets.has(f.target))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'target'],
          message: `${f.target} is mapped twice.`,
        });
      seenTargets.add(f.target);
      for (const name of [...f.formFields, ...f.labels]) {
        const other = seenNames.get(normaliseName(name));
        if (other && other !== f.target) {
          ctx.addIssue({
            code: 'custom',
            path: ['fields', i],
            message: `"${name}" names both ${other} and ${f.target}.`,
          });
        }
        seenNames.set(normaliseName(name), f.target);
      }
    }
  });

export type IntakeMapping = z.infer<typeof mappingSchema>;
export type MappingField = IntakeMapping['fields'][number];

const BUILT_IN_DIR = fileURLToPath(new URL('./mappings/', import.meta.url));
export const mappingFileName = (format: ImportFormat) => `${INTAKE_PATHS[format]}-${format}.json`;

/**
 * A practice adapts a format without code changes: a file of the same name in INTAKE_MAPPINGS_DIR
 * (default: <DATA_DIR>/intake-mappings) replaces the built-in mapping. Read on every import, so an edit
 * applies to the next upload; a broken file fails the import with the reason, never silently.
 */
export function mappingDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.INTAKE_MAPPINGS_DIR || join(dataDir, 'intake-mappings'));
}

export class MappingFileError extends Error {}

export function loadMapping(format: ImportFormat, overrideDir?: string): IntakeMapping {
  const override = overrideDir ? join(overrideDir, mappingFileName(format)) : undefined;
  const path = override && existsSync(override) ? override : join(BUILT_IN_DIR, mappingFileName(format));
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new MappingFileError(`The mapping file ${path} cannot be read: ${(error as Error).message}`);
  }
  const parsed = mappingSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new MappingFileError(
      `The mapping file ${path} is not valid: ${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim(),
    );
  }
  if (parsed.data.format !== format) {
    throw new MappingFileError(
      `The mapping file ${path} is for format ${parsed.data.format}, not ${format}.`,
    );
  }
  return parsed.data;
}
