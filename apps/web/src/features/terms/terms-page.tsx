import { CONSENT_PDF_PATH, TERMS_OF_USE } from '@gear/domain';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * spec 3 §2 'Other links used: … a terms page' (decision 0188): the terms of use, open to anyone, with the consent PDF
 * beside them. Linked where the patient agrees (the payment section's acknowledgements).
 */
export function TermsPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${TERMS_OF_USE.title} · Gear`;
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} ref={heading} tabIndex={-1}>
        {TERMS_OF_USE.title}
      </Title>
      <Text size="sm">Effective {TERMS_OF_USE.effective}</Text>
      {TERMS_OF_USE.sections.map((section) => (
        <Stack key={section.heading} gap="xs" component="section">
          <Title order={2} size="h3">
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      ))}
      <Text>
        <Anchor href={CONSENT_PDF_PATH} target="_blank" rel="noopener">
          Consent for Laboratory Testing (PDF)
        </Anchor>
      </Text>
    </Stack>
  );
}
