import { describe, expect, it } from 'vitest';
import { localize, parseSuccessStories } from './success-stories.ts';

describe('success stories configuration', () => {
  it('is empty when unset, blank, not JSON or not an array', () => {
    for (const v of [undefined, '', '  ', '{oops', '{"title":"x"}', '42'])
      expect(parseSuccessStories(v)).toEqual([]);
  });

  it('keeps well-formed stories and skips malformed ones', () => {
    const stories = parseSuccessStories(
      JSON.stringify([
        {
          title: { zh: '休闲游戏', en: 'Casual game' },
          quote: 'Great fill rate',
          metric: { en: 'eCPM +35%' },
        },
        { title: 'No quote' },
        { title: '', quote: 'empty title' },
        { title: 'Bad metric', quote: 'q', metric: 3 },
        null,
      ]),
    );
    expect(stories).toHaveLength(1);
    expect(localize(stories[0]?.title, 'en')).toBe('Casual game');
    expect(localize(stories[0]?.title, 'zh')).toBe('休闲游戏');
    // A text missing in one language falls back to the other.
    expect(localize(stories[0]?.metric, 'zh')).toBe('eCPM +35%');
    expect(localize(undefined, 'zh')).toBe('');
  });
});
