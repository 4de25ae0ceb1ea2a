import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../test/fetch-mock.ts';
import { practitionerUser, workflowThrough } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { orderWith540 } from '../test/requisition-fixtures.ts';

describe("/view/{orderId}: 'Building Requisition', then the packing-slip customize page (decisions 0110, 0180)", () => {
  it('shows the slip with each ship-to-office pack linked to its customize step', async () => {
    const order = orderWith540(
      { shipToOffice: true, dropShip: false },
      { orderFormId: 'F-42', containsShipToOfficeRequisition: true, workflow: workflowThrough(8) },
    );
    renderApp('/view/42', {
      user: practitionerUser,
      handlers: {
        'GET /gear/order/42': () => json(order),
        'GET /gear/order/42/packingslip/F-42': () =>
          new Response(new Blob(['%PDF-1.7 slip'], { type: 'application/pdf' }), {
            headers: { 'Content-Type': 'application/pdf' },
          }),
      },
    });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Packing slip for order 42' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Customize the packs' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /GI Effects/ });
    expect(link).toHaveAttribute('href', '/order/42/customize/9');
  });
});
