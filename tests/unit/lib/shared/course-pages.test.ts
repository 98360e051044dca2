import { describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import {
  courseDetailLink,
  courseMeta,
  coursePath,
  excerpt,
  isoHours,
  splitFirstSentence,
} from '~/lib/shared/course-pages';

describe('course addresses', () => {
  it('keeps the original detail link and names the slug page canonical', () => {
    expect(courseDetailLink({ id: 7 })).toBe('/coursedetail?cid=7');
    expect(coursePath({ slug: 'react-frontend-development' })).toBe('/courses/react-frontend-development');
  });
});

describe('excerpt', () => {
  it('leaves short text alone and normalises white space', () => {
    expect(excerpt('  Short   text. ', 160)).toBe('Short text.');
  });

  it('cuts at a word boundary and adds an ellipsis within the limit', () => {
    const text = 'one two three four five six seven eight nine ten';
    const cut = excerpt(text, 20);
    expect(cut).toBe('one two three four…');
    expect(cut.length).toBeLessThanOrEqual(20);
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(excerpt('Alpha beta, gamma delta epsilon', 13)).toBe('Alpha beta…');
  });
});

describe('splitFirstSentence', () => {
  it('splits after the first full stop followed by a new sentence', () => {
    expect(splitFirstSentence('A first course in C#. You start with types. Then more.')).toEqual({
      first: 'A first course in C#.',
      rest: 'You start with types. Then more.',
    });
  });

  it('does not split inside names like ASP.NET or .NET Core', () => {
    expect(splitFirstSentence('Build ASP.NET apps on .NET Core. Next part.').first).toBe(
      'Build ASP.NET apps on .NET Core.',
    );
  });

  it('returns the whole text when there is one sentence', () => {
    expect(splitFirstSentence('Only one sentence here.')).toEqual({
      first: 'Only one sentence here.',
      rest: '',
    });
  });
});

describe('courseMeta', () => {
  it('gives every course a unique title and a 70-160 character description', () => {
    const metas = courses.map((course) => courseMeta(course));
    expect(new Set(metas.map((m) => m.title)).size).toBe(courses.length);
    expect(new Set(metas.map((m) => m.description)).size).toBe(courses.length);
    for (const { description } of metas) {
      expect(description.length).toBeGreaterThanOrEqual(70);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  });

  it('gives every course a lead sentence and an overview body', () => {
    for (const course of courses) {
      const { first, rest } = splitFirstSentence(course.courseOverview);
      expect(first.length, course.slug).toBeGreaterThan(30);
      expect(rest.length, course.slug).toBeGreaterThan(100);
    }
  });
});

describe('isoHours', () => {
  it('writes teaching hours as an ISO 8601 duration', () => {
    expect(isoHours(40)).toBe('PT40H');
  });
});
