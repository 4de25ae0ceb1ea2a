import {
  type BundleSummary,
  LINE_QUANTITY,
  type OrderableItemLists,
  type OrderableItemSummary,
  onlineOrderingRefusal,
} from '@gear/domain';
import {
  Accordion,
  ActionIcon,
  Alert,
  Button,
  Group,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { WholeNumberInput } from '../../components/whole-number-input.tsx';
import { CheckIcon, InfoIcon, SearchIcon } from './icons.tsx';
import classes from './panels.module.css';
import { ProductInfoModal } from './product-info-modal.tsx';

export interface ProductCatalogueProps {
  lists: OrderableItemLists;
  gsdlNo: string;
  /** bulk: a quantity input per row; select: a Select button per row. */
  mode: 'quantity' | 'select';
  quantities?: ReadonlyMap<number, number>;
  onQuantity?: (item: OrderableItemSummary, quantity: number) => void;
  onSelect?: (item: OrderableItemSummary) => void;
  /** Why a product cannot be chosen here, or null (drop-ship only, New York…). */
  unavailable?: (item: OrderableItemSummary) => string | null;
  /** Only these products (the COVID filter of spec 1 §4.4), if given. */
  only?: (item: OrderableItemSummary) => boolean;
  showHighlights: boolean;
  disabled: boolean;
  selectedId?: number | null;
  /** Orders a saved custom profile (Customized Profiles); without it the profiles are listed only. */
  onOrderBundle?: (bundle: BundleSummary) => void;
  /** The profile being ordered, while its order is made. */
  orderingBundleId?: number | null;
}

interface Section {
  value: string;
  label: string;
  items: OrderableItemSummary[];
}

const byName = (a: OrderableItemSummary, b: OrderableItemSummary) => a.name.localeCompare(b.name);

/** Every product of the lists, once, in alphabetical order (the Complete Alphabetical Listing). */
export function allProducts(lists: OrderableItemLists): OrderableItemSummary[] {
  const byId = new Map<number, OrderableItemSummary>();
  const everything = [
    ...lists.otherOrderableItems,
    ...Object.values(lists.categoryMap).flat(),
    ...lists.recentlyOrderedItems,
    ...lists.topProducts,
    ...lists.productHighlights,
  ];
  for (const item of everything) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort(byName);
}

const matches = (item: OrderableItemSummary, filter: string) => {
  const wanted = filter.trim().toLowerCase();
  return (
    item.name.toLowerCase().includes(wanted) ||
    item.category.toLowerCase().includes(wanted) ||
    String(item.id) === wanted
  );
};

/**
 * spec 1 §2.6 'Select a product': a filter applied as one types, and an accordion of Filtered Products (while
 * filtering), Customized Profiles (saved bundles), product highlights (drop ship), Recently Ordered, the provider's
 * Most Popular Profiles, one section per category and the Complete Alphabetical Listing. Each row: quantity input
 * (bulk) or Select, category, product name and an info icon opening the product's profiles and add-ons.
 */
export function ProductCatalogue(props: ProductCatalogueProps) {
  const { lists, only, showHighlights } = props;
  const [filter, setFilter] = useState('');
  const [info, setInfo] = useState<OrderableItemSummary | null>(null);
  const keep = (items: OrderableItemSummary[]) => (only ? items.filter(only) : items);
  // A few dozen products: computed on each render, which keeps filtering instant and simple.
  const products = keep(allProducts(lists));
  const filtering = filter.trim().length > 0;

  const sections: Section[] = (() => {
    const list: Section[] = [];
    if (filtering)
      list.push({
        value: 'filtered',
        label: 'Filtered Products',
        items: products.filter((i) => matches(i, filter)),
      });
    if (showHighlights && lists.productHighlights.length > 0)
      list.push({ value: 'highlights', label: 'Product Highlights', items: keep(lists.productHighlights) });
    list.push({ value: 'recent', label: 'Recently Ordered', items: keep(lists.recentlyOrderedItems) });
    list.push({ value: 'popular', label: 'Most Popular Profiles', items: keep(lists.topProducts) });
    for (const [index, [category, items]] of Object.entries(lists.categoryMap).entries()) {
      // The value becomes part of element ids (aria-labelledby): no spaces.
      list.push({ value: `category-${index}`, label: category, items: keep([...items].sort(byName)) });
    }
    list.push({ value: 'all', label: 'Complete Alphabetical Listing', items: products });
    return list.filter((s) => s.value === 'filtered' || s.items.length > 0);
  })();

  const defaultOpen =
    sections.find((s) => s.value === 'recent')?.value ??
    sections.find((s) => s.value !== 'filtered')?.value ??
    'all';
  const [open, setOpen] = useState<string[]>([defaultOpen]);
  const opened = filtering ? open : open.filter((v) => v !== 'filtered');

  const refusal = onlineOrderingRefusal(products.length);
  if (refusal) {
    return (
      <Alert color="yellow" role="status">
        {refusal}
      </Alert>
    );
  }

  const bundles = lists.savedBundles.filter(
    (b) => !filtering || b.name.toLowerCase().includes(filter.toLowerCase()),
  );

  return (
    <Stack gap="sm">
      <TextInput
        label="Select a product"
        description="Type a product name or category to filter the lists."
        type="search"
        value={filter}
        onChange={(event) => {
          const next = event.currentTarget.value;
          // Filtered Products opens when a filter starts; the user may close it like any other section.
          if (next.trim() && !filtering) setOpen((current) => [...new Set(['filtered', ...current])]);
          setFilter(next);
        }}
        leftSection={<SearchIcon />}
        autoComplete="off"
        maw={480}
      />
      <Accordion multiple order={3} variant="separated" value={opened} onChange={setOpen}>
        {bundles.length > 0 && (
          <Accordion.Item value="bundles">
            <Accordion.Control>Customized Profiles ({bundles.length})</Accordion.Control>
            <Accordion.Panel>
              <div className={classes.scroll}>
                <BundleList
                  bundles={bundles}
                  onOrder={props.onOrderBundle}
                  ordering={props.orderingBundleId ?? null}
                  disabled={props.disabled}
                />
              </div>
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {sections.map((section) => (
          <Accordion.Item key={section.value} value={section.value}>
            <Accordion.Control>
              {section.label} ({section.items.length})
            </Accordion.Control>
            <Accordion.Panel>
              <div className={classes.scroll}>
                {section.items.length === 0 ? (
                  <Text size="sm">No products match “{filter.trim()}”.</Text>
                ) : (
                  <ul className={classes.rows} aria-label={section.label}>
                    {section.items.map((item) => (
                      <ProductRow key={item.id} item={item} {...props} onInfo={setInfo} />
                    ))}
                  </ul>
                )}
              </div>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <ProductInfoModal item={info} gsdlNo={props.gsdlNo} onClose={() => setInfo(null)} />
    </Stack>
  );
}

function BundleList({
  bundles,
  onOrder,
  ordering,
  disabled,
}: {
  bundles: BundleSummary[];
  onOrder: ((bundle: BundleSummary) => void) | undefined;
  ordering: number | null;
  disabled: boolean;
}) {
  return (
    <ul className={classes.rows} aria-label="Customized Profiles">
      {bundles.map((bundle) => (
        <li key={bundle.gearBundleId} className={classes.row}>
          <Group gap="sm" wrap="nowrap" align="center">
            {onOrder && (
              <Button
                size="compact-sm"
                variant="default"
                w={100}
                loading={ordering === bundle.gearBundleId}
                disabled={disabled || (ordering !== null && ordering !== bundle.gearBundleId)}
                onClick={() => onOrder(bundle)}
              >
                {'Order '}
                <VisuallyHidden>{bundle.name}</VisuallyHidden>
              </Button>
            )}
            <Stack gap={0}>
              <Text fw={600} size="sm">
                {bundle.name}
              </Text>
              <Text size="xs" c="dimmed">
                {bundle.productNamesString} · {bundle.billingMethod}
              </Text>
            </Stack>
          </Group>
        </li>
      ))}
    </ul>
  );
}

function ProductRow({
  item,
  mode,
  quantities,
  onQuantity,
  onSelect,
  unavailable,
  disabled,
  selectedId,
  onInfo,
}: ProductCatalogueProps & { item: OrderableItemSummary; onInfo: (item: OrderableItemSummary) => void }) {
  const reason = unavailable?.(item) ?? null;
  const quantity = quantities?.get(item.id) ?? 0;
  const reasonId = reason ? `product-${item.id}-unavailable` : undefined;
  let control: ReactNode;
  if (mode === 'quantity' && reason) {
    // No input for a product that cannot be ordered here: the reason is shown under its name. (Mantine replaces an
    // input's aria-describedby with its wrapper's, so a disabled input could not point at the reason.)
    control = (
      <Text size="xs" w={64} ta="center" aria-hidden="true">
        —
      </Text>
    );
  } else if (mode === 'quantity') {
    control = (
      <WholeNumberInput
        aria-label={`Quantity of ${item.name}`}
        value={quantity || ''}
        placeholder="0"
        min={LINE_QUANTITY.min}
        max={LINE_QUANTITY.max}
        w={64}
        size="xs"
        disabled={disabled}
        onChange={(value) => onQuantity?.(item, value === '' ? 0 : value)}
      />
    );
  } else {
    const selected = selectedId === item.id;
    // A toggle keeps its name ('Select <product>', the visible word first); pressed shows the choice.
    control = (
      <Button
        size="compact-sm"
        variant={selected ? 'filled' : 'default'}
        aria-pressed={selected}
        aria-describedby={reasonId}
        disabled={disabled || reason !== null}
        onClick={() => onSelect?.(item)}
        leftSection={selected ? <CheckIcon /> : undefined}
        w={100}
      >
        {'Select '}
        <VisuallyHidden>{item.name}</VisuallyHidden>
      </Button>
    );
  }
  return (
    <li className={classes.row}>
      <Group gap="sm" wrap="nowrap" align="center">
        {control}
        <Text size="xs" c="dimmed" className={classes.category}>
          {item.category}
        </Text>
        <Stack gap={0} style={{ flex: 1 }}>
          <Text size="sm">{item.name}</Text>
          {reason && (
            <Text size="xs" c="dimmed" id={reasonId}>
              {reason}
            </Text>
          )}
        </Stack>
        <ActionIcon
          variant="subtle"
          aria-label={`Product information for ${item.name}`}
          onClick={() => onInfo(item)}
        >
          <InfoIcon />
        </ActionIcon>
      </Group>
    </li>
  );
}
