import type { App, Deps } from '../../lib/deps.ts';
import { recallRoutes } from '../recalls/recall.routes.ts';
import { dispatchRoutes } from './dispatch.routes.ts';
import { replyRoutes } from './reply.routes.ts';
import { ruleRoutes } from './rule.routes.ts';
import { templateRoutes } from './template.routes.ts';

/** Every /api/reminder and /api/recall route (issue 16), registered by app.ts in one line. */
export function reminderRoutes(app: App, deps: Deps) {
  templateRoutes(app, deps);
  ruleRoutes(app, deps);
  dispatchRoutes(app, deps);
  replyRoutes(app, deps);
  recallRoutes(app, deps);
}
