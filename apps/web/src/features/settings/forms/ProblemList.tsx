import { FORM_BUILDER_MESSAGES, type FormItem, type FormProblem } from '@pd/contracts';
import { Button } from 'primereact/button';
import { type ItemPath, itemAt, problemTarget } from './formTree.ts';
import { itemName } from './itemLabels.ts';

/** The element that shows a problem's field, trying the field and then what it is part of. */
export function focusField(field: string) {
  const parts = field.split('.');
  for (let n = parts.length; n > 0; n -= 1) {
    const id = `fb-${parts.slice(0, n).join('-')}`;
    const element = document.getElementById(id) ?? document.getElementById(`${id}-answer`);
    if (element) {
      element.focus();
      return;
    }
  }
  document.getElementById('fb-heading')?.focus();
}

/** The form's own fields (not an item's): their labels on screen. */
const HEAD_FIELDS: Record<string, string> = { title: 'Name', description: 'Introduction' };

interface ProblemListProps {
  problems: FormProblem[];
  items: FormItem[];
  /** Chooses the item a problem is about, then focuses its field. */
  onShow: (path: ItemPath, field: string) => void;
}

/** What publication would refuse, by item; each opens the item at the field concerned. */
export function ProblemList({ problems, items, onShow }: ProblemListProps) {
  if (problems.length === 0)
    return (
      <p className="notice notice--info form-problems" role="status">
        <span className="pi pi-check-circle" aria-hidden="true" />
        {FORM_BUILDER_MESSAGES.noProblems}
      </p>
    );
  return (
    <section className="notice notice--warning form-problems" aria-labelledby="form-problems-heading">
      <h3 id="form-problems-heading">
        {problems.length === 1
          ? '1 problem to correct before publishing'
          : `${problems.length} problems to correct before publishing`}
      </h3>
      <ul>
        {problems.map((problem) => {
          const target = problemTarget(problem.path);
          const item = target.path.length > 0 ? itemAt(items, target.path) : undefined;
          const head = HEAD_FIELDS[target.field];
          const where = item ? itemName(item) : (head ?? 'The form');
          return (
            <li key={`${problem.path}|${problem.message}`}>
              {item || head ? (
                <Button
                  type="button"
                  text
                  size="small"
                  className="form-problems__link"
                  label={`${where}: ${problem.message}`}
                  onClick={() => onShow(target.path, target.field)}
                />
              ) : (
                <span>{`${where}: ${problem.message}`}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
