import { mappings, multipart } from '../../../apps/api/src/modules/intake/intake-test-support.ts';
import { samplePatients } from '../../../apps/api/src/modules/intake/samples/patients.ts';
import { sampleCsv } from '../../../apps/api/src/modules/intake/samples/sample-files.ts';
import { type Session, Tour } from './support.ts';

const NEW_CLIENT = {
  type: 'N',
  firstName: 'Tour',
  lastName: 'Person',
  preferredName: 'Tour',
  gender: 'F',
  email: 'tour.person@example.com',
  mobile: '+27821234567',
  address1: '1 Main Road',
  addressRegion: 'Sandton',
  addressState: 'Gauteng',
  addressPostalCode: '2196',
};

/** The client list in its variants, a client's life (create, change, healthcare details, delete), intake. */
export async function tourClients(tour: Tour, admin: Session) {
  const c = admin.user.companyId;
  const list = `/api/client1/company/${c}/lazy`;
  await tour.get(admin, `${list}?page=1&size=10`);
  await tour.get(admin, `${list}?page=2&size=10&sort=name:desc,email:asc`);
  await tour.get(admin, `${list}?search=an&filter=active`);
  await tour.get(admin, `${list}?search=zulu&filter=juristic`);
  await tour.get(admin, `${list}?filters=${encodeURIComponent('{"lastName":"z"}')}&clientId=1`);
  // Mobiles as people say them: a national number (its E.164 form too, through the index), a common prefix.
  await tour.get(admin, `${list}?search=${encodeURIComponent('082 108 7109')}`);
  await tour.get(admin, `${list}?search=082`);
  await tour.get(admin, `${list}?filters=${encodeURIComponent('{"mobile":"082 1"}')}`);
  await tour.get(admin, `/api/client1/company/${c}/search/an`);
  await tour.get(admin, `/api/client1/company/${c}/affiliate/ltd`);
  await tour.send(admin, 'GET', `/api/client1/company/${c}/export?search=an`);

  const related = Tour.idOf(
    await tour.post(admin, `/api/client1/${c}`, { ...NEW_CLIENT, email: 'related@example.com' }),
  );
  const id = Tour.idOf(
    await tour.post(admin, `/api/client1/${c}`, { ...NEW_CLIENT, adminClientId: related }),
  );
  await tour.get(admin, `/api/client1/${id}`);
  await tour.put(admin, `/api/client1/${id}`, { category: 'Tour', adminClientId: null });
  await tour.get(admin, `/api/client1/${id}/config`);
  await tour.put(admin, `/api/client1/${id}/config`, {
    medicalName: 'Discovery',
    medicalNumber: '381992044',
    medicalMemberLastname: 'Tour',
    medicalDependantCode: '00',
    diagnosisCode1: 'J06.9',
    providerId: 1,
  });
  await tour.get(admin, `/api/client1/${id}/config`);
  const spare = Tour.idOf(
    await tour.post(admin, `/api/client1/${c}`, { ...NEW_CLIENT, email: 'spare@example.com' }),
  );
  await tour.delete(admin, `/api/client1/${spare}?answer=Y`);
  // A new client with a live client's e-mail: refused, then confirmed.
  const again = { ...NEW_CLIENT, email: 'related@example.com' };
  await tour.send(admin, 'POST', `/api/client1/${c}`, { body: again, expect: 409 });
  await tour.post(admin, `/api/client1/${c}`, { ...again, confirmDuplicate: true });

  await tour.get(admin, `/api/client1/import/queue/${c}`);
  for (const [format, path] of [
    ['001', 'evexia'],
    ['002', 'netcare'],
  ] as const) {
    // The second upload of the same rows updates the clients the first one created.
    for (const round of [0, 1]) {
      const body = multipart(
        `intake-${round}.csv`,
        sampleCsv(mappings[format], samplePatients(2, `tour${format}`)),
      );
      await tour.send(admin, 'POST', `/api/client1/import/clientintake/${path}/${c}`, {
        raw: body.payload,
        headers: body.headers,
      });
    }
  }
  return id;
}
