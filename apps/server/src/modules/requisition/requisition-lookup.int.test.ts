import {
  type CatalogueRequisition,
  type GearOrder,
  isPanelSelectionLocked,
  isValidActivationNumber,
  MESSAGES,
  notACalendarDate,
  type OrderableItem,
} from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { REMOVED_PACK_NOTICE } from '../../seed/catalogue-data.ts';
import { callAs, type DemoLogin, expectEnvelope, useTestApp } from '../../test/helper.ts';

const ctx = useTestApp();

const get = (login: DemoLogin, url: string) => callAs(ctx.app, login, 'GET', url);
const anonymous = (url: string) => ctx.app.inject({ method: 'GET', url });

/** A well-formed activation number that no pack carries. */
const unknownActivationNumber = (() => {
  const digit = [...'0123456789'].find((d) => isValidActivationNumber(`C12345678${d}`));
  return `C12345678${digit}`;
})();

/** The order holding a demo pack, as dr.avery (or the given user) finds it. */
const demoOrder = async (number: string, login: DemoLogin = 'dr.avery') => {
  const response = await get(login, `/gear/order?requisitionNumber=${number}`);
  expect(response.statusCode).toBe(200);
  return response.json<GearOrder>();
};

describe('GET /gear/requisition', () => {
  it.each([
    ['spec 1 §5: by requisition number', '50012346'],
    ['spec 1 §5: by activation code, dashes and lowercase ignored', 'c522-552-298'],
    ['spec 1 §5: by the first 4 and last 3 characters of the activation code', 'C522298'],
    ['spec 1 §5: with # and spaces', '# 50 012 346'],
  ])('%s', async (_spec, number) => {
    const response = await get(
      'dr.avery',
      `/gear/requisition?reqNum=${encodeURIComponent(number)}&gsdlNo=P1001`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<CatalogueRequisition>();
    expect(body).toMatchObject({
      id: expect.any(Number),
      reqNumber: '50012346',
      activationCode: 'C522552298',
      paperless: false,
      orderableItem: { id: 534, name: 'NutrEval FMV', nutritional: true, mcrEligible: true },
    });
    const addOns = body.orderableItem.profileList[0]?.addOnList.map((addOn) => addOn.id);
    expect(addOns).toEqual([5924, 5925]);
  });

  it('spec 1 §2.6: a paperless pack says so', async () => {
    const response = await get('staff.kim', '/gear/requisition?reqNum=C565591369');
    expect(response.json()).toMatchObject({
      paperless: true,
      preselection: { panel: 4710, components: [4711, 4712], addons: [] },
      orderableItem: { id: 215 },
    });
  });

  it.each([
    [
      "spec 1 §5: an empty search gives 'Please enter a requisition number.'",
      '',
      400,
      MESSAGES.requisitionNumberRequired,
    ],
    ['spec 1 §5: only separators is empty too', '.-# ', 400, MESSAGES.requisitionNumberRequired],
    ['spec 1 §8: a bad check digit (C824591516)', 'C824591516', 400, MESSAGES.activationNumberNotFound],
    ['spec 1 §8: text that is no number', 'hello', 400, MESSAGES.requisitionNotFound],
    ['spec 1 §8: an unknown requisition number', '50019999', 404, MESSAGES.requisitionNotFound],
    [
      'spec 1 §8: an unknown activation number (activation variant)',
      unknownActivationNumber,
      404,
      MESSAGES.activationNumberNotFound,
    ],
    ['spec 1 §8: an unknown short activation number', 'C522999', 404, MESSAGES.activationNumberNotFound],
  ])('%s', async (_spec, number, status, message) => {
    expectEnvelope(
      await get('dr.avery', `/gear/requisition?reqNum=${encodeURIComponent(number)}`),
      status,
      message,
    );
  });

  it('spec 1 §8: a removed pack answers 410 with its notice', async () => {
    expectEnvelope(await get('dr.avery', '/gear/requisition?reqNum=C505860338'), 410, REMOVED_PACK_NOTICE);
  });

  it('spec 1 §8: the verbatim not-found texts', () => {
    expect(MESSAGES.requisitionNotFound).toBe(
      'We could not find a requisition with that number. Please check the number and contact the provider if you believe it is valid.',
    );
    expect(MESSAGES.activationNumberNotFound).toBe(
      'We could not find that activation number. Please check the number and contact the provider if you believe it is valid.',
    );
  });

  describe('spec 3 §5: a 7-digit number over 4,000,000 needs the practitioner GDX ID', () => {
    it('400 without it', async () => {
      const body = expectEnvelope(
        await get('dr.avery', '/gear/requisition?reqNum=4500000'),
        400,
        MESSAGES.practitionerGdxIdRequired,
      );
      expect(body.errors).toEqual([{ field: 'gsdlNo', defaultMessage: MESSAGES.practitionerGdxIdRequired }]);
    });
    it("200 with the pack's practitioner", async () => {
      const response = await get('dr.avery', '/gear/requisition?reqNum=4500000&gsdlNo=p1001');
      expect(response.json()).toMatchObject({
        reqNumber: '4500000',
        activationCode: null,
        orderableItem: { id: 542 },
      });
    });
    it("404 with another practitioner's number", async () => {
      expectEnvelope(
        await get('dr.avery', '/gear/requisition?reqNum=4500000&gsdlNo=P1002'),
        404,
        MESSAGES.requisitionNotFound,
      );
    });
  });

  it('refuses a practitioner the caller may not order for (403), and an unknown one (404)', async () => {
    expectEnvelope(
      await get('dr.avery', '/gear/requisition?reqNum=50012346&gsdlNo=P1003'),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(
      await get('dr.avery', '/gear/requisition?reqNum=50012346&gsdlNo=P9999'),
      404,
      'No details found for P9999.',
    );
    expectEnvelope(await get('dr.avery', '/gear/requisition?reqNum=50012346&gsdlNo=P100111'), 400);
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(await anonymous('/gear/requisition?reqNum=50012346'), 401);
  });
});

describe('GET /gear/requisition/getReqByOrderableItem', () => {
  it('spec 1 §7: a product as a requisition without a pack (id null)', async () => {
    const response = await get(
      'dr.avery',
      '/gear/requisition/getReqByOrderableItem?orderableItemId=540&gsdlNo=P1001',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<CatalogueRequisition>();
    expect(body).toMatchObject({
      id: null,
      reqNumber: null,
      activationCode: null,
      paperless: false,
      preselection: null,
    });
    const item: OrderableItem = body.orderableItem;
    expect(item.profileList.map((profile) => [profile.id, profile.displayOnly])).toEqual([
      [5400, false],
      [5415, true],
    ]);
    expect(item.profileList[1]?.profileComponents.map((component) => component.id)).toEqual([
      5404, 5405, 5406,
    ]);
    expect(item.profileList[0]?.profileComponents).toHaveLength(12);
    expect(item.profileList[0]?.addOnList.map((addOn) => addOn.id)).toEqual([5413, 5414]);
    expect(item.inputFields.find((field) => field.id === 66)).toMatchObject({
      inputType: 'Resubmittal',
      accessionKey: 'RESUB_ID',
    });
    expect(item.diagnosisCodes[0]).toEqual({ code: 'K58.0', name: expect.any(String) });
  });

  it('spec 1 §5: a product ending with * is refused for a New York office', async () => {
    expectEnvelope(
      await get('dr.avery', '/gear/requisition/getReqByOrderableItem?orderableItemId=760&gsdlNo=P1002'),
      400,
      MESSAGES.notOrderableInNewYork,
    );
  });

  it.each([
    ['an unknown product', 'orderableItemId=99999&gsdlNo=P1001', 404, MESSAGES.productNotFound],
    ['an unknown practitioner', 'orderableItemId=540&gsdlNo=P9999', 404, 'No details found for P9999.'],
    ["another practitioner's", 'orderableItemId=540&gsdlNo=P1003', 403, MESSAGES.forbidden],
    ['a product id that is not a number', 'orderableItemId=abc&gsdlNo=P1001', 400, MESSAGES.invalidInput],
    ['no practitioner', 'orderableItemId=540', 400, MESSAGES.invalidInput],
  ])('refuses %s', async (_case, query, status, message) => {
    expectEnvelope(
      await get('dr.avery', `/gear/requisition/getReqByOrderableItem?${query}`),
      status,
      message,
    );
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(
      await anonymous('/gear/requisition/getReqByOrderableItem?orderableItemId=540&gsdlNo=P1001'),
      401,
    );
  });
});

describe('GET /gear/requisitionById', () => {
  it('spec 1 §7: omsRequisition with orderableItem', async () => {
    const order = await demoOrder('C824591515');
    const gearReqId = order.requisitions[0]?.id;
    const response = await get('dr.avery', `/gear/requisitionById?gearReqId=${gearReqId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      omsRequisition: {
        id: expect.any(Number),
        reqNumber: '50012345',
        activationCode: 'C824591515',
        paperless: false,
        orderableItem: { id: 540 },
      },
    });
  });

  it("refuses a requisition on another practitioner's order (403, no data)", async () => {
    const order = await demoOrder('C824591515');
    const response = await get('dr.chen', `/gear/requisitionById?gearReqId=${order.requisitions[0]?.id}`);
    expectEnvelope(response, 403, MESSAGES.forbidden);
    expect(response.body).not.toContain('C824591515');
  });

  it.each([
    ['an unknown requisition', '999999', 404],
    ['an id that is not a number', 'abc', 400],
    ['no id', '', 400],
  ])('answers %s', async (_case, id, status) => {
    expectEnvelope(await get('dr.avery', `/gear/requisitionById?gearReqId=${id}`), status);
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(await anonymous('/gear/requisitionById?gearReqId=700001'), 401);
  });
});

describe('GET /gear/requisitions', () => {
  const reqIds = async () => {
    const first = (await demoOrder('C824591515')).requisitions[0]?.id;
    const second = (await demoOrder('C565591369')).requisitions[0]?.id;
    return [first, second];
  };

  it.each([
    ['spec 1 §7: gearReqIds as a comma list', (a: unknown, b: unknown) => `gearReqIds=${a},${b}`],
    ['spec 1 §7: the parameter repeated', (a: unknown, b: unknown) => `gearReqIds=${a}&gearReqIds=${b}`],
  ])('%s', async (_spec, query) => {
    const [a, b] = await reqIds();
    const response = await get('dr.avery', `/gear/requisitions?${query(a, b)}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: number; orderableItem: OrderableItem }[]>();
    expect(body.map((definition) => [definition.id, definition.orderableItem.id])).toEqual([
      [a, 540],
      [b, 215],
    ]);
    const tube = body[1]?.orderableItem.inputFields.find((field) => field.name === 'Tube 1');
    expect(tube?.accessionKey).toBe('TUBE1');
    expect(body[0]?.orderableItem.mixedComponentPricing).toBe(false);
  });

  it('refuses when one requisition is not the caller’s (403)', async () => {
    const [a, b] = await reqIds();
    expectEnvelope(await get('dr.evans', `/gear/requisitions?gearReqIds=${a},${b}`), 403, MESSAGES.forbidden);
  });

  it.each([
    ['an unknown requisition', async () => `gearReqIds=${(await reqIds())[0]},999999`, 404],
    ['an empty list', async () => 'gearReqIds=', 400],
    ['no parameter', async () => '', 400],
    ['an id that is not a number', async () => 'gearReqIds=1,x', 400],
    [
      'more than 50 ids',
      async () => `gearReqIds=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`,
      400,
    ],
  ])('answers %s', async (_case, query, status) => {
    expectEnvelope(await get('dr.avery', `/gear/requisitions?${await query()}`), status);
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(await anonymous('/gear/requisitions?gearReqIds=700001'), 401);
  });
});

describe('GET /gear/order?requisitionNumber', () => {
  it.each([
    ['spec 1 §5: by activation code', 'C824591515'],
    ['spec 1 §5: by requisition number', '50012345'],
    ['spec 1 §5: by the first 4 and last 3 characters', 'C824515'],
    ['spec 1 §5: formatted as shown (spec 1 §9)', 'C824-591-515'],
  ])('%s: the drop-ship order of Jane Testpatient', async (_spec, number) => {
    const order = await demoOrder(encodeURIComponent(number));
    expect(order.practitioner?.gsdlNo).toBe('P1001');
    expect(order.patientInfo).toMatchObject({
      nameFirst: 'Jane',
      nameLast: 'Testpatient',
      dateOfBirth: '1985-04-12',
    });
    expect(order.requisitions[0]).toMatchObject({
      reqNumber: '50012345',
      activationCode: 'C824591515',
      dropShip: true,
    });
    expect(order.containsDropShipRequisition).toBe(true);
  });

  it('spec 1 §4.2 (demo data): C922499553 is on an order received by the lab, locked for non-admins', async () => {
    const order = await demoOrder('C922499553');
    expect(order.requisitions[0]?.accessionNo).toEqual(expect.any(String));
    expect(isPanelSelectionLocked(order, { adminUser: 'false' })).toBe(true);
    expect(isPanelSelectionLocked(order, { adminUser: 'true' })).toBe(false);
  });

  it('spec 1 §4.4 (demo data): the paperless requisition of P1002 has its tests preselected', async () => {
    const order = await demoOrder('C565591369', 'staff.kim');
    expect(order.requisitions[0]).toMatchObject({ paperless: true, panel: 4710, components: [4711, 4712] });
  });

  it('spec 1 §7: 410 for a removed pack, with the notice as a text body', async () => {
    const response = await get('dr.avery', '/gear/order?requisitionNumber=C505860338');
    expect(response.statusCode).toBe(410);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(REMOVED_PACK_NOTICE);
  });

  it.each([
    [
      'spec 1 §4.4: an unused pack is on no order (404)',
      'C522552298',
      404,
      MESSAGES.activationNumberNotFound,
    ],
    ['spec 1 §4.4: an unknown requisition number (404)', '50019999', 404, MESSAGES.requisitionNotFound],
    ['spec 1 §5: an empty search (400)', '', 400, MESSAGES.requisitionNumberRequired],
    ['spec 1 §5: a bad check digit (400)', 'C824591516', 400, MESSAGES.activationNumberNotFound],
  ])('%s', async (_spec, number, status, message) => {
    expectEnvelope(await get('dr.avery', `/gear/order?requisitionNumber=${number}`), status, message);
  });

  it("refuses another practitioner's order (403, no data)", async () => {
    for (const login of ['dr.chen', 'dr.evans'] as const) {
      const response = await get(login, '/gear/order?requisitionNumber=C824591515');
      expectEnvelope(response, 403, MESSAGES.forbidden);
      expect(response.body).not.toContain('Testpatient');
    }
  });

  it('lets an admin find any order', async () => {
    expect((await demoOrder('C565591369', 'admin.ops')).practitioner?.gsdlNo).toBe('P1002');
  });

  it.each([
    [
      'spec 3 §5: a date of birth that is not YYYY-MM-DD or MM/DD/YYYY',
      'dateOfBirth=12.04.1985',
      notACalendarDate('12.04.1985'),
    ],
    ['spec 1 §9: a GDX ID over 5 characters', 'gdxId=P100111', undefined],
  ])('400 for %s', async (_spec, query, defaultMessage) => {
    const body = expectEnvelope(
      await get('dr.avery', `/gear/order?requisitionNumber=C824591515&${query}`),
      400,
      MESSAGES.invalidInput,
    );
    if (defaultMessage) expect(body.errors?.[0]?.defaultMessage).toBe(defaultMessage);
  });

  it('accepts a date of birth and GDX ID (with them patients prove orders, decision 0040)', async () => {
    const response = await get(
      'dr.avery',
      '/gear/order?requisitionNumber=C824591515&dateOfBirth=04/12/1985&gdxId=p1001',
    );
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 when not signed in', async () => {
    expectEnvelope(await anonymous('/gear/order?requisitionNumber=C824591515'), 401);
  });
});
