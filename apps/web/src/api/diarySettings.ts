import {
  type AppointmentType,
  type AppointmentTypeInput,
  type AvailabilityException,
  appointmentListSchema,
  appointmentTypeSchema,
  type CalendarFeedCreated,
  calendarFeedCreatedSchema,
  calendarFeedStateSchema,
  type ExceptionInput,
  exceptionSchema,
  holidayListSchema,
  type PractitionerInput,
  practitionerSchema,
  type Room,
  type RoomInput,
  roomSchema,
  type WorkingHoursInput,
} from '@pd/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCommand, apiRequest } from './client.ts';
import { CLIENTS_QUERY_ROOT } from './queryKeys.ts';
import { type CatalogueResource, settingsKeys } from './settings.ts';

/**
 * The diary's set-up (issue 15, parts 1 and 2) as Settings reads and changes it: practitioners and their
 * hours, availability exceptions, public holidays, rooms and appointment types; and the signed-in user's
 * calendar feed (part 8). Everyone reads; the API lets only administrators change the set-up.
 */
export const diaryKeys = {
  practitioners: (companyId: number) => [...settingsKeys.all(companyId), 'practitioners'] as const,
  rooms: (companyId: number) => [...settingsKeys.all(companyId), 'rooms'] as const,
  types: (companyId: number) => [...settingsKeys.all(companyId), 'appointmentTypes'] as const,
  exceptions: (companyId: number) => [...settingsKeys.all(companyId), 'exceptions'] as const,
  holidays: (companyId: number) => [...settingsKeys.all(companyId), 'holidays'] as const,
  feed: (userId: number) => ['user', userId, 'calendarFeed'] as const,
  /** Under the clients root, so the Clients page's refresh after an action reaches it. */
  forClient: (clientId: number) => [CLIENTS_QUERY_ROOT, 'appointments', 'client', clientId] as const,
};

export const roomsResource: CatalogueResource<Room, RoomInput> = {
  key: diaryKeys.rooms,
  // Practitioners show their default room's name.
  dependents: (companyId) => [diaryKeys.practitioners(companyId)],
  list: (companyId) => apiRequest(`/api/appointment/rooms/${companyId}`, z.array(roomSchema)),
  create: (companyId, body) =>
    apiRequest(`/api/appointment/room/${companyId}`, roomSchema, { method: 'POST', body }),
  update: (id, body) => apiRequest(`/api/appointment/room/${id}`, roomSchema, { method: 'PUT', body }),
  remove: (id) => apiCommand(`/api/appointment/room/${id}`, { method: 'DELETE' }),
};

export const appointmentTypesResource: CatalogueResource<AppointmentType, AppointmentTypeInput> = {
  key: diaryKeys.types,
  list: (companyId) => apiRequest(`/api/appointment/types/${companyId}`, z.array(appointmentTypeSchema)),
  create: (companyId, body) =>
    apiRequest(`/api/appointment/type/${companyId}`, appointmentTypeSchema, { method: 'POST', body }),
  update: (id, body) =>
    apiRequest(`/api/appointment/type/${id}`, appointmentTypeSchema, { method: 'PUT', body }),
  remove: (id) => apiCommand(`/api/appointment/type/${id}`, { method: 'DELETE' }),
};

export const exceptionsResource: CatalogueResource<AvailabilityException, ExceptionInput> = {
  key: diaryKeys.exceptions,
  list: (companyId) => apiRequest(`/api/appointment/exceptions/${companyId}`, z.array(exceptionSchema)),
  create: (companyId, body) =>
    apiRequest(`/api/appointment/exception/${companyId}`, exceptionSchema, { method: 'POST', body }),
  update: (id, body) =>
    apiRequest(`/api/appointment/exception/${id}`, exceptionSchema, { method: 'PUT', body }),
  remove: (id) => apiCommand(`/api/appointment/exception/${id}`, { method: 'DELETE' }),
};

export const usePractitioners = (companyId: number) =>
  useQuery({
    queryKey: diaryKeys.practitioners(companyId),
    queryFn: () => apiRequest(`/api/appointment/practitioners/${companyId}`, z.array(practitionerSchema)),
  });

/** Makes a user a practitioner or changes one; or replaces a practitioner's weekly hours. */
export function usePractitionerMutations(companyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: diaryKeys.practitioners(companyId) });
    // Types name the practitioners who offer them.
    void queryClient.invalidateQueries({ queryKey: diaryKeys.types(companyId) });
  };
  const save = useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: PractitionerInput }) =>
      apiRequest(`/api/appointment/practitioner/${userId}`, practitionerSchema, {
        method: 'PUT',
        body: input,
      }),
    onSuccess,
  });
  const setHours = useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: WorkingHoursInput }) =>
      apiRequest(`/api/appointment/practitioner/${userId}/hours`, practitionerSchema, {
        method: 'PUT',
        body: input,
      }),
    onSuccess,
  });
  return { save, setHours };
}

/** The public holidays shipped for the company's country (2026–2028). */
export const useHolidays = (companyId: number) =>
  useQuery({
    queryKey: diaryKeys.holidays(companyId),
    queryFn: () => apiRequest(`/api/appointment/holidays/${companyId}`, holidayListSchema),
  });

/** A client's appointments, past and upcoming, latest first. */
export const useClientAppointments = (clientId: number | undefined) =>
  useQuery({
    queryKey: diaryKeys.forClient(clientId ?? 0),
    queryFn: () => apiRequest(`/api/appointment/client/${clientId ?? 0}`, appointmentListSchema),
    enabled: clientId !== undefined,
  });

const FEED = '/api/appointment/calendar-feed';

/** The signed-in user's secret calendar feed: whether one is active; make a new one (its address comes once); revoke. */
export function useCalendarFeed(userId: number) {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: diaryKeys.feed(userId),
    queryFn: () => apiRequest(FEED, calendarFeedStateSchema),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: diaryKeys.feed(userId) });
  const create = useMutation<CalendarFeedCreated>({
    mutationFn: () => apiRequest(FEED, calendarFeedCreatedSchema, { method: 'POST' }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => apiCommand(FEED, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { state, create, revoke };
}
