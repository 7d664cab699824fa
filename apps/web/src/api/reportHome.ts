import { homeFiguresSchema } from '@pd/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/** Under the reports' key: whatever refreshes the reports refreshes the home's figures too. */
export const homeFiguresKey = (companyId: number) => ['reports', 'home', companyId] as const;

/** Issue 19, part 6: the module home's figures, only what the user may see (the server decides). */
export const useHomeFigures = (companyId: number) =>
  useQuery({
    queryKey: homeFiguresKey(companyId),
    queryFn: ({ signal }) => apiRequest(`/api/report/home/${companyId}`, homeFiguresSchema, { signal }),
    // Back on the home, the figures are read again (a payment or booking since then shows).
    staleTime: 0,
  });
