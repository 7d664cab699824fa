import { type NoteInput, noteSchema, noteTemplateSchema } from '@pd/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCommand, apiRequest } from './client.ts';
import { CLIENTS_QUERY_ROOT } from './queryKeys.ts';

/** What a note form sends: absent fields keep their value on update (docs/api.md). */
export type NotePayload = Partial<Omit<NoteInput, 'id'>> & { subject: string };

/** Under the clients root, so the Clients page's invalidation after any action refreshes them too. */
export const noteKeys = {
  client: (clientId: number) => [CLIENTS_QUERY_ROOT, 'notes', clientId] as const,
  // The same key as Settings' note-template list, so the two screens share one cache entry.
  templates: (companyId: number) => ['company', companyId, 'settings', 'noteTemplates'] as const,
};

const noteList = z.array(noteSchema);
const templateList = z.array(noteTemplateSchema);

export const notesApi = {
  forClient: (clientId: number, signal?: AbortSignal) =>
    apiRequest(`/api/note1/client/${clientId}`, noteList, { signal }),
  add: (clientId: number, note: NotePayload) =>
    apiRequest(`/api/note1/client/${clientId}`, noteSchema, { method: 'POST', body: note }),
  update: (clientId: number, id: number, note: Partial<NotePayload>) =>
    apiRequest(`/api/note1/client/${clientId}`, noteSchema, { method: 'PUT', body: { ...note, id } }),
  remove: (noteId: number) => apiCommand(`/api/note1/${noteId}?answer=Y`, { method: 'DELETE' }),
  fromTemplate: (clientId: number, templateId: number) =>
    apiRequest(`/api/note1/client/${clientId}/${templateId}`, noteSchema, { method: 'POST' }),
  templates: (companyId: number, signal?: AbortSignal) =>
    apiRequest(`/api/notetemplate/${companyId}`, templateList, { signal }),
};

/** The notes of one client the caller may see (their own and shared ones), newest first. */
export const useClientNotes = (clientId: number | undefined) =>
  useQuery({
    queryKey: noteKeys.client(clientId ?? 0),
    queryFn: ({ signal }) => notesApi.forClient(clientId ?? 0, signal),
    enabled: clientId !== undefined,
  });

/** One note, from its client's list (the API has no single-note read). */
export function useNote(clientId: number | undefined, noteId: number | undefined) {
  const notes = useClientNotes(clientId);
  const note = notes.data?.find((n) => n.id === noteId);
  return { ...notes, note };
}

export const useNoteTemplates = (companyId: number) =>
  useQuery({
    queryKey: noteKeys.templates(companyId),
    queryFn: ({ signal }) => notesApi.templates(companyId, signal),
  });

function useNoteMutation<V>(clientId: number, run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.client(clientId) }),
  });
}

export const useAddNote = (clientId: number) =>
  useNoteMutation(clientId, (note: NotePayload) => notesApi.add(clientId, note));

export const useUpdateNote = (clientId: number) =>
  useNoteMutation(clientId, ({ id, note }: { id: number; note: Partial<NotePayload> }) =>
    notesApi.update(clientId, id, note),
  );

export const useDeleteNote = (clientId: number) =>
  useNoteMutation(clientId, (noteId: number) => notesApi.remove(noteId));

export const useAddNoteFromTemplate = (clientId: number) =>
  useNoteMutation(clientId, (templateId: number) => notesApi.fromTemplate(clientId, templateId));
