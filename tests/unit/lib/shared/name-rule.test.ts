import { describe, expect, it } from 'vitest';
import { NAME_FALLBACK, nameForOthers, passesNameRule } from '~/lib/shared/name-rule';

describe('the name rule of mail to people who did not ask (DECISIONS 59)', () => {
  it("passes names: letters of any script, combining marks, spaces and . ' -", () => {
    for (const name of [
      'Meera Joshi',
      'J. R. R. Tolkien',
      "Conan O'Brien",
      'Zoë D’Souza-Ñúñez',
      'मीरा जोशी',
      'नमस्ते', // Devanagari vowel signs are combining marks
      'عبد الله',
      '王小明',
      'e\u0301lodie', // a combining acute accent
      'A'.repeat(60),
    ])
      expect(passesNameRule(name), name).toBe(true);
  });

  it('fails anything else: digits, links, other punctuation, no letter, more than 60 characters', () => {
    for (const name of [
      'Claim Rs 5000 at http://evil.example',
      'Meera Joshi 2',
      'Win: a prize',
      'meera@example.com',
      'Meera, call us',
      'Meera (boss)',
      'Meera!',
      'Meera\nJoshi',
      'Meera\tJoshi',
      'Meera\u202eJoshi',
      '...',
      "- '",
      '',
      'A'.repeat(61),
    ])
      expect(passesNameRule(name), JSON.stringify(name)).toBe(false);
  });

  it('gives the name trimmed when it passes, else "your colleague"', () => {
    expect(nameForOthers('  Meera Joshi ')).toBe('Meera Joshi');
    expect(nameForOthers('Claim Rs 5000 at http://evil.example')).toBe(NAME_FALLBACK);
    expect(NAME_FALLBACK).toBe('your colleague');
    expect(nameForOthers('http://evil.example', 'colleague')).toBe('colleague');
  });
});
