import { readFileSync } from 'node:fs';
import {
  definitionProblems,
  type FormTemplate,
  type Questionnaire,
  questionnaireSchema,
} from '@pd/contracts';

/**
 * Issue 18, part 2: the forms shipped to start from, one JSON Questionnaire each in ./form-templates/
 * (copied beside the bundle by scripts/build-api.mjs). Each is checked as a publication is when first read.
 */
const SHIPPED: (FormTemplate & { file: string })[] = [
  {
    key: 'new-patient-intake',
    file: 'new-patient-intake.json',
    title: 'New patient intake',
    description: 'Personal and medical aid details, health history, consent and signature.',
    companyType: 'H',
  },
  {
    key: 'physiotherapy-consent',
    file: 'physiotherapy-consent.json',
    title: 'Physiotherapy consent',
    description: 'Informed consent to assessment and treatment, dry needling included.',
    companyType: 'H',
  },
  {
    key: 'adviser-fact-find',
    file: 'adviser-fact-find.json',
    title: 'Fact-find and needs analysis',
    description: "The client's circumstances, goals and attitude to risk, before advice.",
    companyType: 'F',
  },
];

const loaded = new Map<string, Questionnaire>();

function load(file: string): Questionnaire {
  const raw = JSON.parse(readFileSync(new URL(`./form-templates/${file}`, import.meta.url), 'utf8'));
  const definition = questionnaireSchema.parse(raw);
  const problems = definitionProblems(definition);
  if (problems.length > 0) throw new Error(`Form template ${file}: ${JSON.stringify(problems)}`);
  return definition;
}

export const formTemplates = (): FormTemplate[] => SHIPPED.map(({ file: _file, ...template }) => template);

/** The template's definition, or undefined for an unknown key. */
export function formTemplate(key: string): Questionnaire | undefined {
  const shipped = SHIPPED.find((t) => t.key === key);
  if (!shipped) return undefined;
  const definition = loaded.get(key) ?? load(shipped.file);
  loaded.set(key, definition);
  return structuredClone(definition);
}
