import { MESSAGES, type UserInfo } from '@gear/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json } from '../../test/fetch-mock.ts';
import { makeOrder } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { patientProofQuery } from './patient-proof-gate.tsx';

const patient: UserInfo = { type: 'prc', gsdlNo: null, onBehalfOf: '', adminUser: 'false' };
const link = '/order/new/panels?requisitionNumber=50012345&dateOfBirth=1985-04-12';

describe('patientProofQuery (spec 1 §2.8)', () => {
  it.each<[string, string, string, boolean]>([
    [
      'the number and the date of birth make a patient link',
      '/order/new/panels',
      'requisitionNumber=1&dateOfBirth=1985-04-12',
      true,
    ],
    ['the number alone does not', '/order/new/panels', 'requisitionNumber=50012345', false],
    [
      'a blank date of birth does not',
      '/order/new/panels',
      'requisitionNumber=50012345&dateOfBirth=%20',
      false,
    ],
    [
      "spec 3 §7: an order's address with a date of birth",
      '/order/100001/confirm',
      'dateOfBirth=1985-04-12',
      true,
    ],
    ['…not a new order without a number', '/order/new/panels', 'dateOfBirth=1985-04-12', false],
  ])('%s', (_case, pathname, search, expected) => {
    expect(patientProofQuery(new URLSearchParams(search), pathname) !== null).toBe(expected);
  });
});

describe('a patient link opened without a session (decision 0040)', () => {
  it('proves the order, signs the patient in and opens the order found', async () => {
    const app = renderApp(link, {
      handlers: {
        'GET /gear/order': () => json(makeOrder({ id: 100001 })),
        'GET /mygdx/account/JWT/session': () => json({ token: 'patient-token', expiresIn: 300, type: 'prc' }),
        'GET /mygdx/account/JWT/prc': () => json({ token: 'patient-token', expiresIn: 300 }),
        'GET /gear/api/getAccountType': () => json(patient),
        'GET /gear/order/100001': () => json(makeOrder({ id: 100001 })),
      },
    });
    await waitFor(() =>
      expect(app.location()).toBe('/order/100001/panels?requisitionNumber=50012345&dateOfBirth=1985-04-12'),
    );
    const [proof] = app.server.callsTo('GET /gear/order');
    expect(proof?.search).toBe('?requisitionNumber=50012345&dateOfBirth=1985-04-12');
    expect(proof?.headers.authorization).toBeUndefined();
    expect(await screen.findByText('Signed in as a patient')).toBeInTheDocument();
  });

  it('spec 3 §7: proves an order by its address and ?dateOfBirth, staying on the step asked for', async () => {
    const app = renderApp('/order/100001/patient?dateOfBirth=1985-04-12', {
      handlers: {
        'GET /gear/order/100001': () => json(makeOrder({ id: 100001 })),
        'GET /mygdx/account/JWT/session': () => json({ token: 'patient-token', expiresIn: 300, type: 'prc' }),
        'GET /mygdx/account/JWT/prc': () => json({ token: 'patient-token', expiresIn: 300 }),
        'GET /gear/api/getAccountType': () => json(patient),
      },
    });
    expect(await screen.findByText('Signed in as a patient')).toBeInTheDocument();
    const [proof] = app.server.callsTo('GET /gear/order/100001');
    expect(proof?.search).toBe('?dateOfBirth=1985-04-12');
    expect(proof?.headers.authorization).toBeUndefined();
    expect(app.location()).toBe('/order/100001/patient?dateOfBirth=1985-04-12');
  });

  it('a signed-in patient following a link to another order by its id proves it once', async () => {
    const app = renderApp('/order/100005/patient?dateOfBirth=1990-07-21', {
      user: patient,
      handlers: {
        'GET /gear/order/100005': () => json(makeOrder({ id: 100005 })),
        'GET /mygdx/account/JWT/session': () => json({ token: 'patient-token', expiresIn: 300, type: 'prc' }),
        'GET /mygdx/account/JWT/prc': () => json({ token: 'patient-token', expiresIn: 300 }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient' })).toBeInTheDocument();
    const reads = app.server.callsTo('GET /gear/order/100005');
    expect(reads[0]?.search).toBe('?dateOfBirth=1990-07-21');
    expect(reads.slice(1).every((call) => call.search === '')).toBe(true);
    expect(app.location()).toBe('/order/100005/patient?dateOfBirth=1990-07-21');
  });

  it('shows the refusal (a wrong date of birth reads as an unknown number) with the sign-in links', async () => {
    renderApp(link, { handlers: { 'GET /gear/order': () => envelope(404, MESSAGES.requisitionNotFound) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.requisitionNotFound);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in required' })).toBeInTheDocument();
  });

  it("spec 1 §4.4: shows 'Collection Pack Activation Pending' for an activation number on no order", async () => {
    renderApp('/order/new/panels?requisitionNumber=C171521339&dateOfBirth=1985-04-12', {
      handlers: {
        'GET /gear/order': () =>
          json({ error: 'ClientActivationMissingException', message: MESSAGES.activationPending }, 404),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Collection Pack Activation Pending' }),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.activationPending)).toBeInTheDocument();
  });

  it('shows a removed pack’s notice (410)', async () => {
    renderApp(link, {
      handlers: { 'GET /gear/order': () => new Response('This pack was withdrawn.', { status: 410 }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This pack was withdrawn.');
  });
});
