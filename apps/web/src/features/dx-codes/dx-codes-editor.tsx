import {
  DX_MESSAGES,
  dxCodeRequirementError,
  formatDxCode,
  isAcceptableDxCode,
  looksLikeDxCode,
  normaliseDxCode,
  type Requisition,
  rankDxCodes,
  rankedDxCodeLists,
} from '@gear/domain';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useApi, useConfig } from '../../api/context.tsx';
import { lookupDxCode } from '../../api/dx-codes.ts';
import { errorMessage } from '../../api/errors.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, useErrorSummary } from '../../components/error-summary.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { DxCodeSearch } from './dx-code-search.tsx';
import { RecentDxCodes } from './recent-dx-codes.tsx';

export interface DxCode {
  code: string;
  name: string;
}

/** What a save sends: PUT /gear/diagnosisCodes/'s ranked lists (spec 1 §4.5, §7). */
export interface DxCodeLists {
  selectedCodes: string[];
  otherCodes: string[];
}

export interface DxCodesEditorProps {
  /** The form's id: a host outside the form submits it with a button of its own (form={formId}). */
  formId: string;
  requisition: Pick<Requisition, 'id' | 'billingMethod' | 'icdCodes' | 'omsOrderableItemName'>;
  /** The product's checklist, in catalogue order. */
  productCodes: readonly DxCode[];
  /** Saves the ranked lists; a rejection is shown in the editor (its message, or the generic text). */
  onSave: (lists: DxCodeLists) => Promise<unknown>;
  disabled?: boolean;
  /** Rendered at the end of the form (the wizard's Back and Next); nothing when embedded. */
  children?: ReactNode;
}

type Notice = { kind: 'error' | 'info'; text: string } | null;

/**
 * spec 1 §2.7 Diagnosis Codes, without heading or buttons: the product's checklist, the other codes on the
 * requisition, an additional code with suggestions and Add Code. Codes are trimmed and uppercased; an added code must be
 * active and of version 10; one already listed is selected instead (spec 1 §5).
 */
export function DxCodesEditor({
  formId,
  requisition,
  productCodes,
  onSave,
  disabled,
  children,
}: DxCodesEditorProps) {
  const api = useApi();
  const { supportPhone } = useConfig();
  const listed = new Set(productCodes.map((c) => c.code));
  const [checked, setChecked] = useState<Set<string>>(() => new Set(requisition.icdCodes.map((c) => c.code)));
  const [others, setOthers] = useState<DxCode[]>(() =>
    requisition.icdCodes
      .filter((c) => !listed.has(c.code))
      .sort((a, b) => a.rank - b.rank)
      .map(({ code, name }) => ({ code, name })),
  );
  const [input, setInput] = useState('');
  const savedCodes = requisition.icdCodes.map((c) => c.code).sort();
  useUnsavedChanges(!disabled && JSON.stringify([...checked].sort()) !== JSON.stringify(savedCodes));
  const [addNotice, setAddNotice] = useState<Notice>(null);
  const [requirement, setRequirementMessage] = useState<string | null>(null);
  const summary = useErrorSummary();
  /** The requirement beside the codes and in the summary above them (issue 15: one way to show errors). */
  const setRequirement = (message: string | null) => {
    setRequirementMessage(message);
    if (message) summary.show([{ field: 'icdCodes', label: 'Diagnosis codes', message }]);
  };
  const [saveError, setSaveError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);

  const setCode = (code: string, on: boolean) => {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
    setRequirement(null);
  };

  const addCode = async (text: string) => {
    const code = normaliseDxCode(text);
    if (!code) return;
    const formatted = looksLikeDxCode(code) ? formatDxCode(code) : code;
    setAddNotice(null);
    if (listed.has(formatted) || others.some((other) => other.code === formatted)) {
      setCode(formatted, true);
      setInput('');
      setAddNotice({ kind: 'info', text: DX_MESSAGES.alreadyListed });
      return;
    }
    if (!looksLikeDxCode(code)) {
      setAddNotice({ kind: 'error', text: DX_MESSAGES.invalidCode });
      return;
    }
    setAdding(true);
    try {
      const found = await lookupDxCode(api, formatted);
      if (!found || !isAcceptableDxCode(found)) {
        setAddNotice({ kind: 'error', text: DX_MESSAGES.invalidCode });
        return;
      }
      setOthers((current) => [...current, { code: found.code, name: found.description }]);
      setCode(found.code, true);
      setInput('');
    } catch (error) {
      setAddNotice({ kind: 'error', text: errorMessage(error, supportPhone) });
    } finally {
      setAdding(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const selected = productCodes.filter((c) => checked.has(c.code)).map((c) => c.code);
    const chosenOthers = others.filter((c) => checked.has(c.code)).map((c) => c.code);
    const missing = dxCodeRequirementError({
      billingMethod: requisition.billingMethod,
      productCodeCount: productCodes.length,
      chosenCount: selected.length + chosenOthers.length,
    });
    // A read-only editor (an order received by the lab) saves nothing new: its host only moves on.
    if (missing && !disabled) {
      setRequirement(missing);
      return;
    }
    const ranked = rankDxCodes({
      productCodes: productCodes.map((c) => c.code),
      selected,
      others: chosenOthers,
    });
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(rankedDxCodeLists(ranked));
    } catch (error) {
      setSaveError(errorMessage(error, supportPhone));
    } finally {
      setSaving(false);
    }
  };

  const busy = disabled || saving;
  const requirementOnList = requirement !== null && productCodes.length > 0;

  return (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
        {productCodes.length > 0 && (
          <Checkbox.Group
            label={`Codes for ${requisition.omsOrderableItemName}`}
            value={productCodes.filter((c) => checked.has(c.code)).map((c) => c.code)}
            onChange={(values) => {
              setChecked((current) => {
                const next = new Set([...current].filter((code) => !listed.has(code)));
                for (const value of values) next.add(value);
                return next;
              });
              setRequirement(null);
            }}
            error={requirementOnList ? requirement : null}
          >
            <Stack gap={6} mt="xs">
              {productCodes.map((c) => (
                <Checkbox key={c.code} value={c.code} label={`${c.code} ${c.name}`} disabled={busy} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {others.length > 0 && (
          <Stack gap={6}>
            <Text fw={500} size="sm" id={`${formId}-others`}>
              Other codes on this requisition
            </Text>
            <Stack gap={6} role="group" aria-labelledby={`${formId}-others`}>
              {others.map((c) => (
                <Checkbox
                  key={c.code}
                  label={`${c.code} ${c.name}`}
                  checked={checked.has(c.code)}
                  disabled={busy}
                  onChange={(event) => setCode(c.code, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Stack>
        )}
        {!disabled && (
          <RecentDxCodes
            formId={formId}
            gearReqId={requisition.id}
            productName={requisition.omsOrderableItemName}
            chosen={checked}
            onPick={(code) => void addCode(code)}
            disabled={busy}
          />
        )}
        <Stack gap={4}>
          <Group align="flex-end" gap="sm">
            <DxCodeSearch
              value={input}
              onChange={(value) => {
                setInput(value);
                setAddNotice(null);
              }}
              onPick={(code) => void addCode(code)}
              onEnter={() => void addCode(input)}
              disabled={busy}
              error={
                addNotice?.kind === 'error'
                  ? addNotice.text
                  : requirement !== null && !requirementOnList
                    ? requirement
                    : null
              }
            />
            <Button
              type="button"
              variant="default"
              onClick={() => void addCode(input)}
              loading={adding}
              disabled={busy || !input.trim()}
            >
              Add Code
            </Button>
          </Group>
          {addNotice?.kind === 'info' && (
            <Text size="sm" role="status">
              {addNotice.text}
            </Text>
          )}
        </Stack>
        <ErrorAlert message={saveError} />
        {children}
      </Stack>
    </form>
  );
}
