/**
 * Valid bodies for the appointment routes that take an id and a body: the route-table test sends them with
 * another company's ids, so its probe reaches the tenant check past validation.
 */
const booking = { clientId: 1, practitionerId: 1, typeId: 1, start: '2030-01-07T10:00' };

export const APPOINTMENT_PROBE_BODIES: Record<string, unknown> = {
  'PUT /api/appointment/practitioner/:userId': { colour: '#123456' },
  'PUT /api/appointment/practitioner/:userId/hours': { intervals: [] },
  'POST /api/appointment/room/:companyId': { name: 'Probe' },
  'PUT /api/appointment/room/:id': { name: 'Probe' },
  'POST /api/appointment/exception/:companyId': {
    kind: 'closed',
    startDate: '2030-01-01',
    endDate: '2030-01-01',
  },
  'PUT /api/appointment/exception/:id': { note: 'Probe' },
  'POST /api/appointment/type/:companyId': { name: 'Probe', durationMinutes: 30 },
  'PUT /api/appointment/type/:id': { name: 'Probe' },
  'POST /api/appointment/:companyId': booking,
  'PUT /api/appointment/:id': { notes: 'Probe' },
  'POST /api/appointment/:id/status': { status: 'arrived' },
  'POST /api/appointment/series/:companyId': { ...booking, frequency: 'weekly', count: 2 },
  'PUT /api/appointment/:id/series': { scope: 'all', notes: 'Probe' },
  'POST /api/appointment/:id/series/status': { scope: 'all', status: 'arrived' },
};
