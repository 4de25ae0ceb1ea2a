import { GSDL_NO_MAX_LENGTH, MESSAGES, normaliseGsdlNo, type Practitioner } from '@gear/domain';
import { Button, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../api/errors.ts';
import { usePractitioner } from '../api/practitioners.ts';

/**
 * spec 1 §2.4, §5, §6: admins search a practitioner by GSDL number on a new order (max 5 characters, uppercased).
 * A found practitioner is handed to onFound; a failure shows one of the two messages of spec 1 §5.
 */
export function AdminPractitionerSearch({ onFound }: { onFound: (practitioner: Practitioner) => void }) {
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const lookup = usePractitioner(searched);

  useEffect(() => {
    if (lookup.data?.gsdlNo) onFound(lookup.data);
  }, [lookup.data, onFound]);

  const search = () => {
    const gsdlNo = normaliseGsdlNo(term);
    if (!gsdlNo) return;
    if (gsdlNo === searched) void lookup.refetch();
    else setSearched(gsdlNo);
  };

  const error =
    searched && lookup.isError && !lookup.isFetching
      ? isApiError(lookup.error) && lookup.error.status === 404
        ? MESSAGES.practitionerNotFound(searched)
        : MESSAGES.practitionerLookupFailed(searched)
      : undefined;

  return (
    <TextInput
      label="Search by GSDL number"
      description={`Admin only: up to ${GSDL_NO_MAX_LENGTH} characters`}
      value={term}
      maxLength={GSDL_NO_MAX_LENGTH}
      autoCapitalize="characters"
      autoComplete="off"
      onChange={(event) => setTerm(event.currentTarget.value.toUpperCase().slice(0, GSDL_NO_MAX_LENGTH))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          search();
        }
      }}
      error={error}
      maw={320}
      rightSectionWidth={88}
      rightSectionPointerEvents="all"
      rightSection={
        <Button
          type="button"
          size="compact-sm"
          variant="default"
          onClick={search}
          loading={lookup.isFetching}
        >
          Search
        </Button>
      }
    />
  );
}
