import {
  type AppointmentInput,
  type AppointmentStatusInput,
  type AppointmentUpdate,
  appointmentListSchema,
  appointmentSchema,
  exceptionSchema,
  holidayListSchema,
  invoiceDetailSchema,
  type SeriesInput,
  type SeriesScope,
  seriesChangeResultSchema,
  seriesResultSchema,
  slotListSchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/client.ts';
import { appointmentTypesResource, roomsResource, diaryKeys as setupKeys } from '../../api/diarySettings.ts';
import { CLIENTS_QUERY_ROOT } from '../../api/queryKeys.ts';
import { useCatalogueList } from '../../api/settings.ts';

/**
 * The diary's calls (docs/api.md "Appointments"). Everything the diary shows hangs under one query root so
 * one invalidation after a change brings the diary, the end-of-day list and the free slots up to date.
 */
export const DIARY_ROOT = 'diary';
export const diaryKeys = {
  all: [DIARY_ROOT] as const,
  range: (companyId: number, range: DiaryRange) => [DIARY_ROOT, 'range', companyId, range] as const,
  uninvoiced: (companyId: number, date: string) => [DIARY_ROOT, 'uninvoiced', companyId, date] as const,
  slots: (companyId: number, query: SlotSearch) => [DIARY_ROOT, 'slots', companyId, query] as const,
  /** Under Settings' keys, so a change of leave or holidays there reaches the shading here. */
  exceptions: (companyId: number, start: string, end: string) =>
    [...setupKeys.exceptions(companyId), start, end] as const,
  holidays: (companyId: number, start: string, end: string) =>
    [...setupKeys.holidays(companyId), start, end] as const,
};

/** ISO instants of the shown range plus the filters the API applies. */
export interface DiaryRange {
  start: string;
  end: string;
  practitionerId?: number;
  roomId?: number;
  typeId?: number;
  status?: string;
}

export interface SlotSearch {
  typeId: number;
  practitionerIds?: string;
  from?: string;
}

const query = (params: object) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '');
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
};

export const diaryApi = {
  exceptions: (companyId: number, start: string, end: string) =>
    apiRequest(`/api/appointment/exceptions/${companyId}?${query({ start, end })}`, z.array(exceptionSchema)),
  holidays: (companyId: number, start: string, end: string) =>
    apiRequest(`/api/appointment/holidays/${companyId}?${query({ start, end })}`, holidayListSchema),
  diary: (companyId: number, range: DiaryRange) =>
    apiRequest(`/api/appointment/diary/${companyId}?${query(range)}`, appointmentListSchema),
  uninvoiced: (companyId: number, date: string) =>
    apiRequest(`/api/appointment/uninvoiced/${companyId}?${query({ date })}`, appointmentListSchema),
  slots: (companyId: number, search: SlotSearch) =>
    apiRequest(`/api/appointment/slots/${companyId}?${query(search)}`, slotListSchema),
  one: (id: number) => apiRequest(`/api/appointment/${id}`, appointmentSchema),
  create: (companyId: number, body: AppointmentInput) =>
    apiRequest(`/api/appointment/${companyId}`, appointmentSchema, { method: 'POST', body }),
  createSeries: (companyId: number, body: SeriesInput) =>
    apiRequest(`/api/appointment/series/${companyId}`, seriesResultSchema, { method: 'POST', body }),
  update: (id: number, body: AppointmentUpdate) =>
    apiRequest(`/api/appointment/${id}`, appointmentSchema, { method: 'PUT', body }),
  updateSeries: (id: number, body: AppointmentUpdate & { scope: SeriesScope }) =>
    apiRequest(`/api/appointment/${id}/series`, seriesChangeResultSchema, { method: 'PUT', body }),
  setStatus: (id: number, body: AppointmentStatusInput) =>
    apiRequest(`/api/appointment/${id}/status`, appointmentSchema, { method: 'POST', body }),
  setSeriesStatus: (id: number, body: AppointmentStatusInput & { scope: SeriesScope }) =>
    apiRequest(`/api/appointment/${id}/series/status`, seriesChangeResultSchema, { method: 'POST', body }),
  invoice: (id: number) =>
    apiRequest(`/api/appointment/${id}/invoice`, invoiceDetailSchema, { method: 'POST', body: {} }),
};

const SETUP_STALE_MS = 60_000;

/** The set-up lists, shared with Settings (api/diarySettings.ts): a change there shows here at once. */
export { usePractitioners } from '../../api/diarySettings.ts';
export const useRooms = (companyId: number) => useCatalogueList(roomsResource, companyId);
export const useAppointmentTypes = (companyId: number) =>
  useCatalogueList(appointmentTypesResource, companyId);

/** Leave, closures and public holidays between two days (YYYY-MM-DD), for shading the diary. */
export function useAbsences(companyId: number, start: string, end: string) {
  const exceptions = useQuery({
    queryKey: diaryKeys.exceptions(companyId, start, end),
    queryFn: () => diaryApi.exceptions(companyId, start, end),
    staleTime: SETUP_STALE_MS,
    placeholderData: keepPreviousData,
  });
  const holidays = useQuery({
    queryKey: diaryKeys.holidays(companyId, start, end),
    queryFn: () => diaryApi.holidays(companyId, start, end),
    staleTime: SETUP_STALE_MS,
    placeholderData: keepPreviousData,
  });
  return { exceptions: exceptions.data ?? [], holidays: holidays.data?.holidays ?? [] };
}

export const useDiary = (companyId: number, range: DiaryRange) =>
  useQuery({
    queryKey: diaryKeys.range(companyId, range),
    queryFn: () => diaryApi.diary(companyId, range),
    placeholderData: keepPreviousData,
  });

export const useUninvoiced = (companyId: number, date: string, enabled: boolean) =>
  useQuery({
    queryKey: diaryKeys.uninvoiced(companyId, date),
    queryFn: () => diaryApi.uninvoiced(companyId, date),
    enabled,
  });

export const useFreeSlots = (companyId: number, search: SlotSearch | null) =>
  useQuery({
    queryKey: diaryKeys.slots(companyId, search ?? { typeId: 0 }),
    queryFn: () => diaryApi.slots(companyId, search ?? { typeId: 0 }),
    enabled: search !== null,
  });

/** Any change to an appointment: the diary, end-of-day list and free slots are read again. */
export function useDiaryChange<Args, Result>(change: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: diaryKeys.all }),
        // A client's appointments (the Clients page's sub-view) read again when shown.
        queryClient.invalidateQueries({
          queryKey: [CLIENTS_QUERY_ROOT, 'appointments'],
          refetchType: 'none',
        }),
      ]),
  });
}
