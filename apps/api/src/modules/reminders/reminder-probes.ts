/**
 * Valid bodies for the reminder routes that take an id and a body: the route-table test sends them with
 * another company's ids, so its probe reaches the tenant check past validation.
 */
export const REMINDER_PROBE_BODIES: Record<string, unknown> = {
  'POST /api/reminder/template/:companyId': { name: 'Probe', channel: 'sms', body: 'Probe' },
  'PUT /api/reminder/template/:id': { name: 'Probe' },
  'POST /api/reminder/template/preview/:companyId': { body: 'Probe' },
  'PUT /api/reminder/settings/:companyId': { address: 'Probe' },
  'POST /api/reminder/rule/:companyId': { typeId: 1, channel: 'sms', templateId: 1, offsetValue: 1 },
  'PUT /api/reminder/rule/:id': { active: 'Y' },
  'POST /api/recall/type/:companyId': {
    name: 'Probe',
    intervalValue: 6,
    intervalUnit: 'weeks',
    templateId: 1,
    ladder: [0],
  },
  'PUT /api/recall/type/:id': { name: 'Probe' },
  'POST /api/recall/client/:clientId': { typeId: 1 },
  'POST /api/recall/send/:companyId': { recallIds: [1] },
};
