import { CAPTCHA_INVALID_MESSAGE } from '@gear/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../test/axe.ts';
import { renderUi } from '../test/render-ui.tsx';
import { CAPTCHA_CHALLENGE_URL, CaptchaField } from './captcha-field.tsx';

const loaded = vi.hoisted(() => ({ count: 0, resets: 0 }));

// The widget itself (altcha 3.2.2) solves in Chromium (e2e/captcha.ts); here a stand-in element with its events.
vi.mock('altcha', () => {
  loaded.count += 1;
  if (!customElements.get('altcha-widget')) {
    customElements.define(
      'altcha-widget',
      class extends HTMLElement {
        reset() {
          loaded.resets += 1;
          this.dispatchEvent(
            new CustomEvent('statechange', { detail: { state: 'unverified', payload: null } }),
          );
        }
      },
    );
  }
  return {};
});

const widget = () => document.querySelector('altcha-widget') as HTMLElement;
const stateChange = (state: string, payload: string | null) =>
  act(() => {
    widget().dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });

function Harness({ error, onChange }: { error?: string; onChange: (payload: string | null) => void }) {
  const [resetKey, setResetKey] = useState(0);
  return (
    <>
      <CaptchaField onChange={onChange} error={error} resetKey={resetKey} />
      <button type="button" onClick={() => setResetKey((k) => k + 1)}>
        Submit refused
      </button>
    </>
  );
}

describe('CaptchaField (docs/decisions/0150)', () => {
  it('loads the widget when shown, pointed at our own challenge route, under an accessible label', async () => {
    renderUi(<Harness onChange={() => {}} />);
    await waitFor(() => expect(loaded.count).toBeGreaterThan(0));
    expect(widget()).toHaveAttribute('challenge', CAPTCHA_CHALLENGE_URL);
    expect(screen.getByRole('group', { name: 'Verification' })).toContainElement(widget());
    await expectAccessible();
  });

  it('hands on the payload once verified, and null when it expires or fails', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await stateChange('verifying', null);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await stateChange('verified', 'cGF5bG9hZA==');
    expect(onChange).toHaveBeenLastCalledWith('cGF5bG9hZA==');
    await stateChange('expired', null);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await stateChange('verified', 'c2Vjb25k');
    expect(onChange).toHaveBeenLastCalledWith('c2Vjb25k');
    await stateChange('error', null);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('starts over when resetKey changes (a submit used or refused the solution), not when first shown', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await waitFor(() => expect(customElements.get('altcha-widget')).toBeDefined());
    const before = loaded.resets;
    await stateChange('verified', 'cGF5bG9hZA==');
    expect(loaded.resets).toBe(before);
    act(() => screen.getByRole('button', { name: 'Submit refused' }).click());
    expect(loaded.resets).toBe(before + 1);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the error under the field, described to assistive technology', async () => {
    renderUi(<Harness onChange={() => {}} error={CAPTCHA_INVALID_MESSAGE} />);
    const message = screen.getByText('Error verifying reCAPTCHA. Please try again.');
    const group = screen.getByRole('group', { name: 'Verification' });
    expect(group).toHaveAccessibleDescription('Error verifying reCAPTCHA. Please try again.');
    expect(widget().compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expectAccessible();
  });

  it('shows no error when there is none', () => {
    renderUi(<Harness onChange={() => {}} />);
    expect(screen.queryByText(CAPTCHA_INVALID_MESSAGE)).toBeNull();
    expect(screen.getByRole('group', { name: 'Verification' })).not.toHaveAttribute('aria-describedby');
  });
});
