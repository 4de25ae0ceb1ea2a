import { Anchor, Collapse, Image, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import imageUrl from './where-to-find-number.svg';

const ALT =
  'A collection pack requisition form: the requisition number is printed at the top right (for example ' +
  '#50-012-345), and the activation number, a C followed by 9 digits (for example C824-591-515), is on the ' +
  'activation sticker.';

/**
 * spec 1 §2.6 'a "Where do I find my number?" image': a disclosure rather than a popover, which keeps the floating
 * positioning library out of this page's JavaScript.
 */
export function WhereToFindNumber() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Stack gap={4}>
      <Anchor
        component="button"
        type="button"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        Where do I find my number?
      </Anchor>
      <Collapse expanded={open} id={id}>
        <Paper withBorder p="sm" maw={400}>
          <Image src={imageUrl} alt={ALT} w={360} h="auto" />
          <Text size="xs" mt="xs">
            The requisition number is at the top of the requisition form; the activation number is on the
            sticker inside your collection pack. Dashes and spaces may be left out.
          </Text>
        </Paper>
      </Collapse>
    </Stack>
  );
}
