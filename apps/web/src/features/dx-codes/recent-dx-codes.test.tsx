import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, json } from '../../test/fetch-mock.ts';
import { practitionerUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderWith540, product540WithCodes } from '../../test/requisition-fixtures.ts';

const INS = 'Bill Insurance with Patient Payment';

function openDxCodes(recent: () => Response, icdCodes = orderWith540({ billingMethod: INS })) {
  return renderApp('/order/42/dxCodes/9', {
    user: practitionerUser,
    handlers: {
      'GET /gear/order/42': () => json(icdCodes),
      'GET /gear/requisitions': () => json([{ id: 9, orderableItem: product540WithCodes() }]),
      'GET /gear/getDxCodeSuggestions': () => json({ results: [], omittedResults: 0 }),
      'GET /gear/diagnosisCodes/recent': recent,
      'GET /api/dxcodes/E55.9': () =>
        json({
          code: 'E55.9',
          active: true,
          version: 10,
          description: 'Vitamin D deficiency, unspecified',
        }),
    },
  });
}

describe('recently used diagnosis codes (decision 0282)', () => {
  it('offers the most used with the product and the recent codes above the search; a click adds the code', async () => {
    const app = openDxCodes(() =>
      json({
        recentlyUsed: [
          { code: 'E55.9', name: 'Vitamin D deficiency, unspecified' },
          { code: 'K58.0', name: 'Irritable bowel syndrome with diarrhea' },
        ],
        mostUsedWithProduct: [{ code: 'K58.0', name: 'Irritable bowel syndrome with diarrhea' }],
      }),
    );
    const recent = await screen.findByRole('group', { name: 'Your recently used codes' });
    const most = screen.getByRole('group', { name: /^Most used with GI Effects/ });
    expect(
      within(most)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['K58.0']);
    expect(app.server.callsTo('GET /gear/diagnosisCodes/recent').map((c) => c.search)).toEqual([
      '?gearReqId=9',
    ]);
    await expectAccessible();

    await app.user.click(
      within(recent).getByRole('button', { name: 'Add E55.9 Vitamin D deficiency, unspecified' }),
    );
    const others = await screen.findByRole('group', { name: 'Other codes on this requisition' });
    expect(
      within(others).getByRole('checkbox', { name: 'E55.9 Vitamin D deficiency, unspecified' }),
    ).toBeChecked();
    // A chosen code is not offered again.
    expect(within(recent).queryByRole('button', { name: /E55\.9/ })).toBeNull();

    await app.user.click(within(most).getByRole('button', { name: /K58\.0/ }));
    const checklist = screen.getByRole('group', { name: /^Codes for GI Effects/ });
    expect(
      within(checklist).getByRole('checkbox', { name: 'K58.0 Irritable bowel syndrome with diarrhea' }),
    ).toBeChecked();
  }, 60_000);

  it('shows nothing when there are none or the call fails', async () => {
    openDxCodes(() => envelope(500, 'boom'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Diagnosis Codes' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Your recently used codes' })).toBeNull();
  }, 60_000);
});
