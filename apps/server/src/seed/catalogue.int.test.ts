import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import {
  catalogueRequisitions,
  icd10Codes,
  inputFields,
  orderableItemDiagnosisCodes,
  orderableItemInputFields,
  orderableItems,
  prices,
} from '../db/schema/catalogue.ts';
import { offices, practitioners } from '../db/schema/practitioners.ts';
import { openTestDatabase } from '../db/test-db.ts';
import { seedCatalogue } from './catalogue.ts';
import {
  CATALOGUE_ITEMS,
  CATALOGUE_PACKS,
  INPUT_FIELDS,
  ITEM_DIAGNOSIS_CODES,
  ITEM_INPUT_FIELDS,
  PARAM,
  PRICES,
} from './catalogue-data.ts';
import { CURATED_ICD10_CODES } from './curated-icd10.ts';

/** Standard Luhn over the 9 digits after the 'C' (the last digit is the check digit). */
function isValidActivationNumber(value: string): boolean {
  if (!/^C\d{9}$/.test(value)) return false;
  let sum = 0;
  const digits = [...value.slice(1)].map(Number).reverse();
  digits.forEach((d, i) => {
    let x = d;
    if (i % 2 === 1) {
      x *= 2;
      if (x > 9) x -= 9;
    }
    sum += x;
  });
  return sum % 10 === 0;
}

/** spec 1 §9, written out here on purpose (not imported) so that a change to the data shows. */
const SPEC_MEDICARE_ELIGIBLE = [540, 542, 895, 897, 894, 896, 544, 545, 546, 547, 617, 622, 554, 854, 534];
const DEMO_ITEM_IDS = [540, 542, 215, 534, 617, 622, 554, 760, 895, 260, 981, 949, 902, 910, 700, 930];

const param = (params: { name: string; value: string }[], name: string) =>
  params.filter((p) => p.name === name).map((p) => p.value);
const options = (params: { name: string; value: string }[]) =>
  params
    .filter((p) => p.name.startsWith(PARAM.optionPrefix))
    .map((p) => p.name.slice(PARAM.optionPrefix.length));

/** The element at i, failing the test when it is missing. */
function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`no element ${i} in a list of ${list.length}`);
  return v;
}

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const inserted = await db
    .insert(offices)
    .values({
      name: 'Test office',
      address1: '1 Main St',
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      country: 'United States',
      phoneNumber: '8285550100',
      reqLayoutId: 0,
    })
    .returning({ id: offices.id });
  await db.insert(practitioners).values(
    ['P1001', 'P1002'].map((gsdlNo) => ({
      gsdlNo,
      firstName: 'Test',
      lastName: gsdlNo,
      degree: 'MD',
      officeId: at(inserted, 0).id,
    })),
  );
  await seedCatalogue(db);
  await seedCatalogue(db);
});

afterAll(async () => {
  await database?.close();
});

async function itemFields(itemId: number) {
  return database.db
    .select({
      id: inputFields.id,
      name: inputFields.name,
      inputType: inputFields.inputType,
      parentId: inputFields.parentId,
      isAddOn: inputFields.isAddOn,
      displayOnly: inputFields.displayOnly,
      accessionKey: inputFields.accessionKey,
      cptCode: inputFields.cptCode,
      cptQuantity: inputFields.cptQuantity,
      params: inputFields.params,
      sortOrder: orderableItemInputFields.sortOrder,
    })
    .from(orderableItemInputFields)
    .innerJoin(inputFields, eq(inputFields.id, orderableItemInputFields.inputFieldId))
    .where(eq(orderableItemInputFields.orderableItemId, itemId))
    .orderBy(orderableItemInputFields.sortOrder);
}

describe('catalogue data (static checks)', () => {
  it('has unique input field ids, and every analyte points at a panel of the same item', () => {
    const ids = INPUT_FIELDS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = new Map(INPUT_FIELDS.map((f) => [f.id, f]));
    for (const link of ITEM_INPUT_FIELDS) expect(byId.has(link.inputFieldId)).toBe(true);
    for (const f of INPUT_FIELDS.filter((x) => x.inputType === 'Analyte' && !x.isAddOn)) {
      expect(f.parentId, `analyte ${f.id}`).not.toBeNull();
      expect(byId.get(f.parentId as number)?.inputType).toBe('Panel');
      const itemsOfAnalyte = ITEM_INPUT_FIELDS.filter((l) => l.inputFieldId === f.id).map(
        (l) => l.orderableItemId,
      );
      const itemsOfPanel = ITEM_INPUT_FIELDS.filter((l) => l.inputFieldId === f.parentId).map(
        (l) => l.orderableItemId,
      );
      expect(itemsOfAnalyte.length).toBeGreaterThan(0);
      expect(itemsOfPanel).toEqual(expect.arrayContaining(itemsOfAnalyte));
    }
  });

  it('gives every add-on the Add-On param and every collection or profile field a type and accession key', () => {
    for (const f of INPUT_FIELDS) {
      expect(param(f.params, 'Add-On').includes('true'), `field ${f.id}`).toBe(f.isAddOn);
      if (f.inputType === 'Collection' || f.inputType === 'ProfileSpecific') {
        expect(f.accessionKey, `field ${f.id}`).toBeTruthy();
        expect(param(f.params, PARAM.type), `field ${f.id}`).toHaveLength(1);
      }
      for (const dep of param(f.params, PARAM.dependsOn)) {
        const [id, value] = dep.split('=');
        const target = INPUT_FIELDS.find((x) => x.id === Number(id));
        expect(target, dep).toBeDefined();
        const targetOptions = options(target?.params ?? []);
        expect(targetOptions, dep).toContain(value);
      }
    }
  });

  it('uses valid activation numbers (standard Luhn over the 9 digits)', () => {
    for (const n of ['C824591515', 'C522552298', 'C565591369', 'C171521339', 'C505860338', 'C922499553']) {
      expect(isValidActivationNumber(n), n).toBe(true);
    }
    expect(isValidActivationNumber('C824591516')).toBe(false);
    expect(isValidActivationNumber('C82459151')).toBe(false);
    for (const p of CATALOGUE_PACKS) {
      if (p.activationCode) expect(isValidActivationNumber(p.activationCode), p.activationCode).toBe(true);
    }
  });

  it('uses only curated, distinct diagnosis codes, 3 to 8 per item', () => {
    const curated = new Set(CURATED_ICD10_CODES.map((c) => c.code));
    expect(curated.size).toBe(CURATED_ICD10_CODES.length);
    expect(curated.size).toBeGreaterThanOrEqual(55);
    for (const item of CATALOGUE_ITEMS) {
      const codes = ITEM_DIAGNOSIS_CODES.filter((d) => d.orderableItemId === item.id).map((d) => d.code);
      expect(codes.length, `item ${item.id}`).toBeGreaterThanOrEqual(3);
      expect(codes.length, `item ${item.id}`).toBeLessThanOrEqual(8);
      expect(new Set(codes).size).toBe(codes.length);
      for (const c of codes) expect(curated.has(c), c).toBe(true);
    }
  });
});

describe('seedCatalogue', () => {
  it('seeds every row exactly once after two runs', async () => {
    const { db } = database;
    expect(await db.$count(orderableItems)).toBe(CATALOGUE_ITEMS.length);
    expect(await db.$count(inputFields)).toBe(INPUT_FIELDS.length);
    expect(await db.$count(orderableItemInputFields)).toBe(ITEM_INPUT_FIELDS.length);
    expect(await db.$count(orderableItemDiagnosisCodes)).toBe(ITEM_DIAGNOSIS_CODES.length);
    expect(await db.$count(icd10Codes)).toBe(CURATED_ICD10_CODES.length);
    expect(await db.$count(prices)).toBe(PRICES.length);
    expect(await db.$count(catalogueRequisitions)).toBe(CATALOGUE_PACKS.length);
    expect(CATALOGUE_ITEMS.length).toBe(24);
    expect(CATALOGUE_PACKS.length).toBe(17);
  });

  it('refuses to run before the practitioners seed', async () => {
    const other = await openTestDatabase();
    try {
      await expect(seedCatalogue(other.db)).rejects.toThrow(/P1001/);
      expect(await other.db.$count(orderableItems)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('has the fixed item ids and the Medicare-eligible set of spec 1 §9', async () => {
    const rows = await database.db.select().from(orderableItems);
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(DEMO_ITEM_IDS));
    const mcr = rows
      .filter((r) => r.mcrEligible)
      .map((r) => r.id)
      .sort();
    expect(mcr).toEqual(SPEC_MEDICARE_ELIGIBLE.filter((id) => ids.includes(id)).sort());
    expect(mcr).toHaveLength(SPEC_MEDICARE_ELIGIBLE.length);
  });

  it('sets the item flags of demo-data.md', async () => {
    const rows = await database.db.select().from(orderableItems);
    const idsWhere = (pred: (r: (typeof rows)[number]) => boolean) =>
      rows
        .filter(pred)
        .map((r) => r.id)
        .sort();
    expect(idsWhere((r) => r.name.endsWith('*'))).toEqual([760]);
    expect(idsWhere((r) => r.dropShipOnly)).toEqual([930]);
    expect(idsWhere((r) => r.nutritional)).toEqual([534, 617]);
    expect(idsWhere((r) => r.covid)).toEqual([902, 910]);
    expect(idsWhere((r) => r.mixedComponentPricing)).toEqual([700]);
    expect(idsWhere((r) => r.containsCptCodeQuantity)).toEqual([260]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(260)?.notice).toMatch(/86001.*20 units/);
    expect(byId.get(981)?.notice).toMatch(/^Bloodspot/);
    expect(byId.get(949)?.notice).toBe(byId.get(981)?.notice);
    expect(byId.get(554)?.notice).toMatch(/Medicare: chelating/);
    for (const r of rows) {
      expect(r.category.length).toBeGreaterThan(0);
      expect(r.specimenType).toBeTruthy();
      expect(r.popularity).toBeGreaterThan(0);
    }
  });

  it('links the resubmittal id field 66 to every item', async () => {
    const links = await database.db
      .select({ itemId: orderableItemInputFields.orderableItemId })
      .from(orderableItemInputFields)
      .where(eq(orderableItemInputFields.inputFieldId, 66));
    expect(links.map((l) => l.itemId).sort()).toEqual(CATALOGUE_ITEMS.map((i) => i.id).sort());
    const f66 = at(await database.db.select().from(inputFields).where(eq(inputFields.id, 66)), 0);
    expect(f66.name).toBe('Resubmittal ID');
    expect(param(f66.params, PARAM.maxLength)).toEqual(['32']);
  });

  it('gives every item exactly one base panel, listed first', async () => {
    for (const item of CATALOGUE_ITEMS) {
      const fields = await itemFields(item.id);
      const bases = fields.filter(
        (f) => f.inputType === 'Panel' && param(f.params, PARAM.basePanel)[0] === 'true',
      );
      expect(bases, `item ${item.id}`).toHaveLength(1);
      expect(at(fields, 0).id).toBe(at(bases, 0).id);
      expect(fields.some((f) => f.parentId === at(bases, 0).id)).toBe(true);
    }
  });

  it('has the add-ons and exclusion pairs of 534, 617 and 622', async () => {
    const pairs: [number, number, number][] = [
      [534, 5924, 5925],
      [617, 5877, 5887],
      [622, 6036, 6037],
    ];
    for (const [itemId, toxic, urine] of pairs) {
      const fields = await itemFields(itemId);
      const addOns = fields.filter((f) => f.isAddOn);
      expect(addOns.map((a) => a.id)).toEqual(expect.arrayContaining([toxic, urine]));
      const t = addOns.find((a) => a.id === toxic);
      const u = addOns.find((a) => a.id === urine);
      expect(t?.name).toMatch(/Toxic Element Clearance/);
      expect(u?.name).toMatch(/Comprehensive Urine Element/);
      expect(param(t?.params ?? [], 'Add-On')).toEqual(['true']);
      expect(param(t?.params ?? [], PARAM.exclusiveWith)).toEqual([String(urine)]);
      expect(param(u?.params ?? [], PARAM.exclusiveWith)).toEqual([String(toxic)]);
    }
  });

  it('puts a SARS add-on on a COVID product, and the COVID questions on 902 and 910', async () => {
    const sars = await database.db
      .select({ itemId: orderableItemInputFields.orderableItemId, name: inputFields.name })
      .from(orderableItemInputFields)
      .innerJoin(inputFields, eq(inputFields.id, orderableItemInputFields.inputFieldId))
      .where(
        and(eq(inputFields.isAddOn, true), inArray(orderableItemInputFields.orderableItemId, [902, 910])),
      );
    expect(sars.filter((s) => s.name.includes('SARS')).length).toBeGreaterThan(0);
    for (const itemId of [902, 910]) {
      const fields = await itemFields(itemId);
      const type = fields.find((f) => f.name === 'Collection Type');
      expect(options(type?.params ?? [])).toEqual(['@NP', '@OP', '@NA', '@NM', '@OTHR']);
      const other = fields.find((f) => f.name === 'Other Collection Type');
      expect(param(other?.params ?? [], PARAM.maxLength)).toEqual(['50']);
      const onset = fields.find((f) => f.name === 'Date of symptom onset');
      expect(onset?.inputType).toBe('ProfileSpecific');
      expect(param(onset?.params ?? [], PARAM.type)).toEqual(['date']);
      expect(param(onset?.params ?? [], PARAM.maxLength)).toEqual(['10']);
      expect(fields.filter((f) => f.inputType === 'ProfileSpecific').length).toBeGreaterThanOrEqual(8);
    }
  });

  it('has the SIBO collection table: tubes 1 to 9, tubes 8 and 9 ignored for panel 4710', async () => {
    const fields = await itemFields(215);
    const panels = fields.filter((f) => f.inputType === 'Panel').map((f) => f.id);
    expect(panels).toEqual(expect.arrayContaining([4700, 4710]));
    expect(fields.filter((f) => f.parentId === 4710).length).toBeGreaterThan(0);
    const tubes = fields.filter((f) => /^Tube \d$/.test(f.name));
    expect(tubes.map((t) => t.name)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `Tube ${n}`));
    for (const t of tubes) {
      const n = Number(t.name.slice(5));
      expect(param(t.params, PARAM.ignoredForPanel), t.name).toEqual(n >= 8 ? ['4710'] : []);
      expect(param(t.params, PARAM.type)).toEqual(['time']);
    }
    expect(param(at(tubes, 1).params, PARAM.blankOn8TubePacks)).toEqual(['true']);
    expect(tubes.map((t) => Number(param(t.params, PARAM.offsetMinutes)[0]))).toEqual([
      0, 0, 20, 40, 60, 90, 120, 150, 180,
    ]);
  });

  it('has collection fields fitting each specimen type', async () => {
    const names = async (id: number) =>
      (await itemFields(id)).filter((f) => f.inputType === 'Collection').map((f) => f.name);
    const stool = (await itemFields(540)).filter((f) => f.inputType === 'Collection');
    expect(stool.map((f) => f.name)).toEqual(['Sample Colour', 'Sample Consistency', 'Specimen Collection']);
    expect(options(at(stool, 0).params)).toEqual(['Green', 'Light Brown', 'Brown', 'Black']);
    expect(options(at(stool, 1).params)).toEqual([
      'Hard/Constipated',
      'Formed/Normal',
      'Loose',
      'Watery/Diarrhea',
    ]);
    expect(options(at(stool, 2).params)).toEqual(['1-day', '3-day']);
    expect(await names(554)).toEqual(['Total Urine Volume', 'Collection Duration (hours)']);
    expect(await names(700)).toContain('Collected through a mobile phlebotomy service');
    expect(await names(895)).toContain('Sample Hours');
    expect(await names(896)).toEqual([1, 2, 3, 4, 5].map((n) => `Collection Time ${n}`));
  });

  it('has the hormone, cycle phase and provocation profile fields', async () => {
    for (const itemId of [760, 895]) {
      const hrt = (await itemFields(itemId)).find((f) => f.name === 'Hormone Replacement Therapy');
      expect(hrt?.inputType, `item ${itemId}`).toBe('ProfileSpecific');
      expect(options(hrt?.params ?? [])).toEqual(['true', 'false']);
    }
    const phase = (await itemFields(760)).find((f) => f.name === 'Cycle Phase');
    expect(options(phase?.params ?? [])).toHaveLength(4);
    expect(phase?.params.some((p) => p.value.includes('days 19 to 25'))).toBe(true);
    const provocation = (await itemFields(554)).find((f) => f.name === 'Provocation');
    expect(provocation?.inputType).toBe('ProfileSpecific');
    expect(options(provocation?.params ?? [])).toEqual(['@PRE', '@POST']);
  });

  it('prices components of 700, where 6587 adds the price of 6700', async () => {
    const fields = await itemFields(700);
    const base = fields.find((f) => f.inputType === 'Panel' && !f.displayOnly);
    const components = fields.filter((f) => f.parentId === base?.id).map((f) => f.id);
    expect(components).toEqual(expect.arrayContaining([6587, 6700]));
    const c6587 = fields.find((f) => f.id === 6587);
    expect(param(c6587?.params ?? [], PARAM.addsPriceOf)).toEqual(['6700']);
    const rows = await database.db
      .select()
      .from(prices)
      .where(and(eq(prices.orderableItemId, 700), isNull(prices.gsdlNo)));
    for (const id of components) {
      for (const type of ['PTPAY', 'IIP', 'CLIENT']) {
        expect(
          rows.some((r) => r.inputFieldId === id && r.priceType === type),
          `${id} ${type}`,
        ).toBe(true);
      }
    }
    const displayOnly = fields.filter((f) => f.displayOnly && f.inputType === 'Panel');
    expect(displayOnly.length).toBeGreaterThan(0);
    for (const d of displayOnly) {
      for (const c of param(d.params, PARAM.component)) expect(components).toContain(Number(c));
    }
  });

  it('has the price lists for every display case', async () => {
    const rows = await database.db.select().from(prices);
    const list = rows.filter((r) => r.gsdlNo === null && r.inputFieldId === null);
    const of = (itemId: number, type: string) =>
      list.find((r) => r.orderableItemId === itemId && r.priceType === type);
    for (const item of CATALOGUE_ITEMS) {
      expect(of(item.id, 'PTPAY'), `${item.id} PTPAY`).toBeDefined();
      expect(of(item.id, 'CLIENT'), `${item.id} CLIENT`).toBeDefined();
      expect(Boolean(of(item.id, 'MEDICARE')), `${item.id} MEDICARE`).toBe(item.mcrEligible);
      expect(Boolean(of(item.id, 'TRICARE')), `${item.id} TRICARE`).toBe(item.mcrEligible);
    }
    const iip = rows.filter((r) => r.priceType === 'IIP');
    for (const r of iip) {
      expect(r.maxOutOfPocketCents).not.toBeNull();
      expect(r.maxOutOfPocketCents as number).toBeGreaterThanOrEqual(r.priceCents);
    }
    for (const r of rows.filter((x) => x.priceType !== 'IIP')) expect(r.maxOutOfPocketCents).toBeNull();
    // insurance with an out-of-pocket range, with none, and $0.00 for the COVID products
    expect(of(540, 'IIP')?.maxOutOfPocketCents).toBeGreaterThan(of(540, 'IIP')?.priceCents as number);
    expect(of(760, 'IIP')?.maxOutOfPocketCents).toBe(of(760, 'IIP')?.priceCents);
    expect(of(902, 'IIP')?.priceCents).toBe(0);
    expect(of(910, 'IIP')?.priceCents).toBe(0);
    // no insurance price (price cannot be determined) for the home kit
    expect(of(930, 'IIP')).toBeUndefined();
    // Medicare zero and non-zero
    expect(of(540, 'MEDICARE')?.priceCents).toBe(0);
    expect(of(895, 'MEDICARE')?.priceCents).toBeGreaterThan(0);
    // practitioner overrides
    expect(rows.filter((r) => r.gsdlNo === 'P1001').length).toBeGreaterThan(0);
    expect(
      rows.some((r) => r.gsdlNo === 'P1002' && r.orderableItemId === 215 && r.priceType === 'PTPAY'),
    ).toBe(true);
    // every add-on has a price list on the items it belongs to
    const addOnLinks = await database.db
      .select({ itemId: orderableItemInputFields.orderableItemId, fieldId: inputFields.id })
      .from(orderableItemInputFields)
      .innerJoin(inputFields, eq(inputFields.id, orderableItemInputFields.inputFieldId))
      .where(eq(inputFields.isAddOn, true));
    expect(addOnLinks.length).toBeGreaterThan(10);
    for (const l of addOnLinks) {
      for (const type of ['PTPAY', 'IIP', 'CLIENT']) {
        expect(
          rows.some(
            (r) => r.orderableItemId === l.itemId && r.inputFieldId === l.fieldId && r.priceType === type,
          ),
          `${l.itemId}/${l.fieldId} ${type}`,
        ).toBe(true);
      }
    }
  });

  it('has the collection packs of demo-data.md in their situations', async () => {
    const rows = await database.db.select().from(catalogueRequisitions);
    const byCode = (code: string) => rows.find((r) => r.activationCode === code);
    expect(byCode('C824591515')).toMatchObject({
      reqNumber: '50012345',
      orderableItemId: 540,
      removed: false,
    });
    expect(byCode('C522552298')).toMatchObject({ reqNumber: '50012346', orderableItemId: 534 });
    expect(byCode('C565591369')).toMatchObject({
      reqNumber: '50012347',
      orderableItemId: 215,
      paperless: true,
      gsdlNo: 'P1002',
      preselection: { panel: 4710, components: [4711, 4712], addons: [] },
    });
    expect(byCode('C171521339')).toMatchObject({ reqNumber: null, orderableItemId: 617 });
    expect(byCode('C505860338')).toMatchObject({
      reqNumber: '50012349',
      orderableItemId: 622,
      removed: true,
    });
    expect(byCode('C505860338')?.removedNotice).toMatch(/withdrawn/);
    expect(byCode('C922499553')).toMatchObject({ reqNumber: '50012350', orderableItemId: 540 });
    const gdx = rows.find((r) => r.reqNumber === '4500000');
    expect(gdx).toMatchObject({ activationCode: null, orderableItemId: 542 });
    expect(Number(gdx?.reqNumber)).toBeGreaterThan(4_000_000);
    expect(byCode('C824591516')).toBeUndefined();
    expect(rows.filter((r) => r.removed).map((r) => r.activationCode)).toEqual(['C505860338']);
    expect(rows.filter((r) => r.paperless).map((r) => r.activationCode)).toEqual(['C565591369']);
    const extra = CATALOGUE_PACKS.slice(7);
    expect(extra).toHaveLength(10);
    for (const p of extra) {
      expect(p.situation).toBe('unused');
      expect(rows.find((r) => r.activationCode === p.activationCode)?.reqNumber).toBe(p.reqNumber);
    }
  });

  it('stores the curated ICD-10 codes and the checklists in catalogue order', async () => {
    const codes = await database.db.select().from(icd10Codes);
    expect(codes.every((c) => c.billable && c.active && c.version === 10)).toBe(true);
    for (const c of ['K58.0', 'K58.9', 'R19.7', 'K59.00', 'R14.0', 'E55.9', 'E78.5', 'N95.1', 'R53.83']) {
      expect(codes.some((x) => x.code === c)).toBe(true);
    }
    for (const c of ['Z13.89', 'U07.1', 'Z20.822', 'Z11.52'])
      expect(codes.some((x) => x.code === c)).toBe(true);
    const list = await database.db
      .select()
      .from(orderableItemDiagnosisCodes)
      .where(eq(orderableItemDiagnosisCodes.orderableItemId, 540))
      .orderBy(orderableItemDiagnosisCodes.sortOrder);
    expect(list.map((r) => r.code)).toEqual(
      ITEM_DIAGNOSIS_CODES.filter((d) => d.orderableItemId === 540).map((d) => d.code),
    );
    expect(list.map((r) => r.sortOrder)).toEqual(list.map((_, i) => i));
  });
});
