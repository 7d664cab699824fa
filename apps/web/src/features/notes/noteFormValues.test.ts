import { PNG_DATA_URL_PREFIX } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../lib/forms/testing.ts';
import { newNoteValues, noteFieldOf, noteFormSchema, noteValues, toNotePayload } from './noteFormValues.ts';

const drawing = `${PNG_DATA_URL_PREFIX}iVBORw0KGgo=`;

describe('note form values', () => {
  it('opens a new note with the defaults of spec section 4', () => {
    expect(newNoteValues()).toEqual({
      type: 'P',
      format: 'R',
      subject: '',
      richText: '',
      drawing: '',
      sharable: 'N',
      editable: 'N',
      status: 'A',
    });
  });

  it('keeps the rich text and the drawing apart, and sends the body of the chosen format', () => {
    const values = { ...newNoteValues(), subject: ' Visit ', richText: '<p>seen</p>', drawing };
    expect(toNotePayload(values, { flags: true })).toEqual({
      subject: 'Visit',
      description: '<p>seen</p>',
      type: 'P',
      format: 'R',
      status: 'A',
      sharable: 'N',
      editable: 'N',
    });
    expect(toNotePayload({ ...values, format: 'F' }, { flags: true }).description).toBe(drawing);
  });

  it('sends editable only for a shared note, and no sharing at all for a non-author', () => {
    const shared = { ...newNoteValues(), subject: 'S', sharable: 'Y' as const, editable: 'Y' as const };
    expect(toNotePayload(shared, { flags: true })).toMatchObject({ sharable: 'Y', editable: 'Y' });
    expect(toNotePayload({ ...shared, sharable: 'N' }, { flags: true })).toMatchObject({ editable: 'N' });
    expect(toNotePayload(shared, { flags: false })).not.toHaveProperty('sharable');
  });

  it('shows a stored drawing note with its drawing and no text', () => {
    const values = noteValues({
      id: 1,
      clientId: 7,
      authorId: 2,
      authorName: 'Sipho',
      subject: 'Sketch',
      description: drawing,
      type: 'C',
      format: 'F',
      sharable: 'N',
      editable: 'N',
      status: 'A',
      canEdit: true,
      created: '',
      updated: '',
    });
    expect(values).toMatchObject({ format: 'F', drawing, richText: '' });
  });

  it('needs a subject, and a drawing for a drawing note; the API body error lands on the body shown', () => {
    expect(problemsOf(noteFormSchema(true), newNoteValues())).toEqual({ subject: 'Field is required.' });
    const drawn = { ...newNoteValues(), subject: 'S', format: 'F' as const };
    expect(problemsOf(noteFormSchema(true), drawn)).toEqual({
      drawing: 'Draw something on the canvas first.',
    });
    expect(noteFieldOf('body.description', 'F')).toBe('drawing');
    expect(noteFieldOf('body.description', 'R')).toBe('richText');
  });
});
