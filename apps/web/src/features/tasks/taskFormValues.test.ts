import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../lib/forms/testing.ts';
import { newTaskValues, taskFormSchema, valuesToTask } from './taskFormValues.ts';

describe('task form values', () => {
  it('opens with the defaults of spec section 4: the user adding it, not client visible', () => {
    expect(newTaskValues(12, 'S')).toEqual({
      processId: null,
      type: 'S',
      description: '',
      note: '',
      clientVisible: 'N',
      userId: '12',
      due: null,
    });
  });

  it('sends ids as numbers, an empty editor as no note, the due time in the company zone', () => {
    const values = {
      ...newTaskValues(12, 'U'),
      processId: '4',
      description: ' Phone the scheme ',
      note: '<p><br></p>',
      due: new Date(2026, 6, 1, 9, 0),
    };
    expect(valuesToTask(values, 7, 'Europe/London')).toEqual({
      clientId: 7,
      processId: 4,
      type: 'U',
      description: 'Phone the scheme',
      note: '',
      clientVisible: 'N',
      userId: 12,
      due: '2026-07-01T08:00:00.000Z',
    });
  });

  it('needs a description, and a due time that exists in the company zone', () => {
    const schema = taskFormSchema(7, 'Europe/London');
    expect(problemsOf(schema, { ...newTaskValues(12, 'S'), description: '   ' })).toEqual({
      description: 'Field is required.',
    });
    const skipped = { ...newTaskValues(12, 'S'), description: 'Call', due: new Date(2026, 2, 29, 1, 30) };
    expect(problemsOf(schema, skipped).due).toMatch(/does not exist in Europe\/London/);
  });
});
