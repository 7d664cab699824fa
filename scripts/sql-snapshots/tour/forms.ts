import { type Session, Tour } from './support.ts';

/**
 * Digital forms (issue 18, part 1): the templates, a form from one, its draft saved and published, a second
 * version's draft discarded, and the reads.
 */
export async function tourForms(tour: Tour, admin: Session) {
  const c = admin.user.companyId;
  await tour.get(admin, `/api/form/templates/${c}`);
  const form = Tour.idOf(
    await tour.post(admin, `/api/form/${c}`, { template: 'physiotherapy-consent', name: 'Tour form' }),
  );
  const definition = {
    resourceType: 'Questionnaire',
    title: 'Tour form',
    item: [{ linkId: 'name', type: 'string', text: 'Name', required: true }],
  };
  await tour.put(admin, `/api/form/draft/${form}`, { definition });
  await tour.post(admin, `/api/form/publish/${form}`);
  await tour.put(admin, `/api/form/draft/${form}`, { definition: { ...definition, description: 'Second' } });
  const detail = (await tour.get(admin, `/api/form/specific/${form}`)) as { published: { id: number } };
  await tour.get(admin, `/api/form/version/${detail.published.id}`);
  await tour.delete(admin, `/api/form/draft/${form}`);
  await tour.get(admin, `/api/form/all/${c}`);
}
