import { describe, expect, it } from 'vitest';
import { hueOf, informationColour } from './tone-colours';

describe('hueOf', () => {
  it('reads the hue of hex colours and ignores greys and other notations', () => {
    expect(hueOf('#ff0000')).toBe(0);
    expect(Math.round(hueOf('#0f0')!)).toBe(120);
    expect(hueOf('#777777')).toBeNull();
    expect(hueOf('rgb(1,2,3)')).toBeNull();
  });
});

describe('informationColour', () => {
  it('keeps the brand info colour, when it differs from the error colour', () => {
    expect(informationColour('#0e8a6a', '#ff4d4f', '#8c8c8c')).toBe('#0e8a6a');
  });

  it('falls back to the neutral colour, when the brand info colour is red like the error colour', () => {
    expect(informationColour('#e30613', '#ff4d4f', '#8c8c8c')).toBe('#8c8c8c');
  });
});
