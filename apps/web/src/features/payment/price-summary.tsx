import {
  BILLING_METHODS,
  formatCents,
  type OrderPriceSummary,
  type PriceSummaryRow,
  type SavedOrder,
} from '@gear/domain';
import { Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { PriceCellView } from '../../components/price-cell.tsx';

export interface PriceSummaryTableProps {
  order: SavedOrder;
  summary: OrderPriceSummary;
  /** The applied code, named on the discount lines. */
  discountCode: string | null;
  /**
   * Whether the table shows 'Payment Due Today' (default). The review leaves it to its payment section, which shows
   * the server's figure once (decision 0132).
   */
  showDueToday?: boolean;
}

const amountCell = (cents: number) => (
  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
    {formatCents(cents)}
  </Table.Td>
);

/**
 * The order price summary table (spec 3 §2 Payment section; §4 price cells; §9 fee names; decision 0131): per
 * requisition its number and name, its price lines and fee items (International Surcharge, Physician Fee, Shipping &
 * Handling Fee, Multiple Product Discount), the discount, and the price cell's state when it has no price yet; then
 * 'Payment Due Today'. The price column is 'Replacement Fee' on PITL replacement orders.
 */
export function PriceSummaryTable({
  order,
  summary,
  discountCode,
  showDueToday = true,
}: PriceSummaryTableProps) {
  const office = order.practitioner?.office ?? { address: { state: '' } };
  const billingOf = (row: PriceSummaryRow) =>
    order.requisitions.find((r) => r.id === row.gearRequisitionId)?.billingMethod ?? null;
  const due = summary.paymentDueToday;
  return (
    <Stack gap="xs" component="section" aria-labelledby="price-summary-title">
      <Title order={3} id="price-summary-title">
        Order price summary
      </Title>
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing={4} aria-labelledby="price-summary-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Requisition</Table.Th>
              <Table.Th scope="col" ta="right">
                {summary.priceColumnLabel}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.rows.map((row) => {
              const priced = row.cell.state === 'priced';
              const billingMethod = billingOf(row);
              return (
                <Fragment key={row.gearRequisitionId}>
                  <Table.Tr>
                    <Table.Th scope="rowgroup" colSpan={2} fw={700}>
                      {row.reqNumber ? `#${row.reqNumber} ` : ''}
                      {row.name}
                    </Table.Th>
                  </Table.Tr>
                  {priced ? (
                    <>
                      {[...row.lines, ...row.fees].map((line) => (
                        <Table.Tr key={`${line.feeItem ? 'fee' : 'test'}:${line.name}`}>
                          <Table.Td pl="md">{line.name}</Table.Td>
                          {amountCell(line.price)}
                        </Table.Tr>
                      ))}
                      {row.discount > 0 && (
                        <Table.Tr>
                          <Table.Td pl="md">Discount{discountCode ? ` (${discountCode})` : ''}</Table.Td>
                          {amountCell(-row.discount)}
                        </Table.Tr>
                      )}
                      <Table.Tr>
                        <Table.Td pl="md" fw={600}>
                          {billingMethod === BILLING_METHODS.insurance ? 'Initial payment' : 'Total'}
                        </Table.Td>
                        <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {formatCents(row.total ?? 0)}
                        </Table.Td>
                      </Table.Tr>
                    </>
                  ) : (
                    <Table.Tr>
                      <Table.Td colSpan={2} pl="md">
                        <PriceCellView
                          cell={row.cell}
                          billingMethod={billingMethod}
                          office={office}
                          label={row.name}
                        />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
            {summary.expeditedShipping > 0 && (
              <Table.Tr>
                <Table.Td>Expedited shipping</Table.Td>
                {amountCell(summary.expeditedShipping)}
              </Table.Tr>
            )}
          </Table.Tbody>
          {showDueToday && (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">Payment Due Today</Table.Th>
                <Table.Td
                  ta="right"
                  fw={700}
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid="payment-due-today"
                >
                  {due === null ? (
                    <Text span c="dimmed">
                      Not yet known
                    </Text>
                  ) : (
                    formatCents(due)
                  )}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
