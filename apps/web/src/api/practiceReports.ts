import {
  type ClientsReportQuery,
  clientsReportFileName,
  clientsReportSchema,
  type DiaryReportQuery,
  diaryFileName,
  diaryReportSchema,
  type MessagingReportQuery,
  messagingFileName,
  messagingReportSchema,
} from '@pd/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { fetchPdf } from './invoices.ts';
import { queryOf } from './reports.ts';

/** Issue 19, parts 3-5: the diary, messaging and clients reports (administrators only) and their CSV files. */
export type DiaryParams = { [K in keyof DiaryReportQuery]?: DiaryReportQuery[K] };

export type MessagingParams = { [K in keyof MessagingReportQuery]?: MessagingReportQuery[K] };

export type ClientsParams = { [K in keyof ClientsReportQuery]?: ClientsReportQuery[K] };

export const practiceReportKeys = {
  diary: (companyId: number, p: DiaryParams) => ['reports', 'diary', companyId, p] as const,
  messaging: (companyId: number, p: MessagingParams) => ['reports', 'messaging', companyId, p] as const,
  clients: (companyId: number, p: ClientsParams) => ['reports', 'clients', companyId, p] as const,
};

const csv = (url: string, fallbackName: string) =>
  fetchPdf(url, fallbackName, { headers: { accept: 'text/csv' } });

export const practiceReportsApi = {
  diary: (companyId: number, p: DiaryParams, signal?: AbortSignal) =>
    apiRequest(`/api/report/diary/${companyId}${queryOf(p)}`, diaryReportSchema, { signal }),
  /** The diary CSV; the fallback name is the days shown. */
  diaryFile: (companyId: number, p: DiaryParams, shown: { from: string; to: string }) =>
    csv(`/api/report/diary/${companyId}/csv${queryOf(p)}`, diaryFileName(shown.from, shown.to)),
  messaging: (companyId: number, p: MessagingParams, signal?: AbortSignal) =>
    apiRequest(`/api/report/messaging/${companyId}${queryOf(p)}`, messagingReportSchema, { signal }),
  messagingFile: (companyId: number, p: MessagingParams, shown: { from: string; to: string }) =>
    csv(`/api/report/messaging/${companyId}/csv${queryOf(p)}`, messagingFileName(shown.from, shown.to)),
  clients: (companyId: number, p: ClientsParams, signal?: AbortSignal) =>
    apiRequest(`/api/report/clients/${companyId}${queryOf(p)}`, clientsReportSchema, { signal }),
  clientsFile: (companyId: number, p: ClientsParams, shown: { from: string; to: string }) =>
    csv(`/api/report/clients/${companyId}/csv${queryOf(p)}`, clientsReportFileName(shown.from, shown.to)),
};

export const useDiaryReport = (companyId: number, p: DiaryParams) =>
  useQuery({
    queryKey: practiceReportKeys.diary(companyId, p),
    queryFn: ({ signal }) => practiceReportsApi.diary(companyId, p, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMessagingReport = (companyId: number, p: MessagingParams) =>
  useQuery({
    queryKey: practiceReportKeys.messaging(companyId, p),
    queryFn: ({ signal }) => practiceReportsApi.messaging(companyId, p, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useClientsReport = (companyId: number, p: ClientsParams) =>
  useQuery({
    queryKey: practiceReportKeys.clients(companyId, p),
    queryFn: ({ signal }) => practiceReportsApi.clients(companyId, p, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
