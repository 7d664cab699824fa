import type { App, Deps } from '../../lib/deps.ts';
import { appointmentCrudRoutes } from './appointment.routes.ts';
import { availabilityRoutes } from './availability.routes.ts';
import { feedRoutes } from './feed.routes.ts';
import { invoicingRoutes } from './invoicing.routes.ts';
import { practitionerRoutes } from './practitioner.routes.ts';
import { roomRoutes } from './room.routes.ts';
import { seriesRoutes } from './series.routes.ts';
import { slotRoutes } from './slot.routes.ts';
import { typeRoutes } from './type.routes.ts';

/** Every /api/appointment route (issue 15), registered by app.ts in one line. */
export function appointmentRoutes(app: App, deps: Deps) {
  practitionerRoutes(app, deps);
  roomRoutes(app, deps);
  availabilityRoutes(app, deps);
  typeRoutes(app, deps);
  appointmentCrudRoutes(app, deps);
  seriesRoutes(app, deps);
  slotRoutes(app, deps);
  invoicingRoutes(app, deps);
  feedRoutes(app, deps);
}
