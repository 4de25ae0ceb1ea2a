import { Stack, Text } from '@mantine/core';

/**
 * A fixed text the server sends as HTML (the acknowledgements, the refund policy), shown as plain paragraphs: its
 * headings and paragraphs' text only, so no markup from an answer ever reaches the page.
 */
export function HtmlText({ html, size }: { html: string; size: 'sm' | 'md' }) {
  const blocks = Array.from(
    new DOMParser().parseFromString(html, 'text/html').body.querySelectorAll('h1,h2,h3,h4,p,li'),
  ).map((block, position) => ({
    key: `${position}:${block.tagName}`,
    tag: block.tagName,
    text: block.textContent,
  }));
  return (
    <Stack gap={6}>
      {blocks.map((block) =>
        /^H\d$/.test(block.tag) ? (
          <Text key={block.key} fw={700} size={size}>
            {block.text}
          </Text>
        ) : (
          <Text key={block.key} size={size}>
            {block.tag === 'LI' ? `• ${block.text}` : block.text}
          </Text>
        ),
      )}
    </Stack>
  );
}
