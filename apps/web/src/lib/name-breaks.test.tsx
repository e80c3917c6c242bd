import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withNameBreaks } from './name-breaks';

function html(text: string): string {
  return render(<p>{withNameBreaks(text)}</p>).container.querySelector('p')!.innerHTML;
}

describe('withNameBreaks', () => {
  it('offers a wrap after each underscore, dot and hyphen inside a name', () => {
    expect(html('cami_martinez')).toBe('cami_<wbr>martinez');
    expect(html('santi.lopez, ana-paz_ruiz')).toBe('santi.<wbr>lopez, ana-<wbr>paz_<wbr>ruiz');
  });

  it('leaves a name without them, or ending in one, as it is', () => {
    expect(html('mateo')).toBe('mateo');
    expect(html('tomi_')).toBe('tomi_');
  });

  it('keeps the text a reader and a search find', () => {
    const { container } = render(<p>{withNameBreaks('cami_martinez')}</p>);
    expect(container.textContent).toBe('cami_martinez');
  });
});
