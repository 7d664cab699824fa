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
    item: [
      {
        linkId: 'name',
        type: 'string',
        text: 'Name',
        required: true,
        definition: 'urn:practice-desk:firstName',
      },
    ],
  };
  await tour.put(admin, `/api/form/draft/${form}`, { definition });
  await tour.post(admin, `/api/form/publish/${form}`);
  await tour.put(admin, `/api/form/draft/${form}`, { definition: { ...definition, description: 'Second' } });
  const detail = (await tour.get(admin, `/api/form/specific/${form}`)) as { published: { id: number } };
  await tour.get(admin, `/api/form/version/${detail.published.id}`);
  await tour.delete(admin, `/api/form/draft/${form}`);
  await tour.get(admin, `/api/form/all/${c}`);
  return form;
}

/** Sending a form (kiosk and SMS), opening and submitting it on the public side, withdrawing one, the lists. */
export async function tourFormRequests(tour: Tour, admin: Session, formId: number, clientId: number) {
  const c = admin.user.companyId;
  const kiosk = (await tour.post(admin, `/api/form/request/${c}`, {
    formId,
    clientId,
    channel: 'kiosk',
  })) as {
    url: string;
  };
  const token = kiosk.url.split('/f#')[1];
  await tour.json(undefined, 'GET', `/api/public/form/${token}`);
  await tour.json(undefined, 'POST', `/api/public/form/${token}`, {
    answers: { name: [{ valueString: 'Tour' }] },
  });
  const sms = Tour.idOf(
    await tour.post(admin, `/api/form/request/${c}`, { formId, clientId, channel: 'sms' }),
  );
  await tour.delete(admin, `/api/form/request/${sms}`);
  const requests = (await tour.get(admin, `/api/form/requests/${c}?clientId=${clientId}`)) as unknown as {
    submissionId: number | null;
  }[];
  const submitted = requests.find((r) => r.submissionId)?.submissionId;
  await tour.get(admin, `/api/form/submission/${submitted}`);
  // Parts 5 to 7: the Forms page's list (filtered and sorted), resend, the review, its acceptance and the PDF.
  await tour.get(
    admin,
    `/api/form/request/lazyloading/${c}?status=submitted&formId=${formId}&sortField=clientName&size=10`,
  );
  await tour.post(admin, `/api/form/request/${sms}/resend`, {});
  await tour.get(admin, `/api/form/review/${submitted}`);
  await tour.post(admin, `/api/form/review/${submitted}/accept`, { linkIds: ['name'] });
  await tour.send(admin, 'GET', `/api/form/submission/${submitted}/pdf`);
}

/** The fill page (issue 18, part 4): a draft saved, a file uploaded, the privacy notice read and changed. */
export async function tourFormFill(tour: Tour, admin: Session, formId: number, clientId: number) {
  const c = admin.user.companyId;
  const kiosk = (await tour.post(admin, `/api/form/request/${c}`, {
    formId,
    clientId,
    channel: 'kiosk',
  })) as {
    url: string;
  };
  const token = kiosk.url.split('/f#')[1];
  const answers = { name: [{ valueString: 'Tour' }] };
  await tour.json(undefined, 'PUT', `/api/public/form/${token}/draft`, { answers });
  await tour.json(undefined, 'POST', `/api/public/form/${token}/attachment`, {
    contentType: 'application/pdf',
    title: 'tour.pdf',
    data: Buffer.from('%PDF-1.4 tour').toString('base64'),
  });
  await tour.json(undefined, 'GET', `/api/public/form/${token}`);
  await tour.json(undefined, 'POST', `/api/public/form/${token}`, { answers });
  await tour.get(admin, `/api/company/${c}/form-notice`);
  await tour.put(admin, `/api/company/${c}/form-notice`, { notice: 'Tour notice.' });
  await tour.put(admin, `/api/company/${c}/form-notice`, { notice: null });
}
