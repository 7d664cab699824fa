// The note panels of the Clients page: tabs 8, 9, 20, 21, 23 and 25.
export { AddNotePanel } from './AddNotePanel.tsx';
export { DeleteNotePanel } from './DeleteNotePanel.tsx';
export { NoteFromTemplatePanel } from './NoteFromTemplatePanel.tsx';
export { NotesPanel } from './NotesPanel.tsx';
export { NoteViewPanel } from './NoteViewPanel.tsx';
export { UpdateNotePanel } from './UpdateNotePanel.tsx';
