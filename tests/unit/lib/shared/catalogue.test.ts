import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import file from '~/content/courses.json';
import { courseById, courses, toCourseSummary } from '~/lib/shared/catalogue';
import { CourseSummarySchema } from '~/lib/shared/schemas/course';
import { CourseSchema } from '~/lib/shared/schemas/course-catalogue';

const data = file.courses;

const trainingTopics = [
  'C#',
  '.NET Core',
  'ASP.NET MVC',
  'Angular',
  'Node.js',
  'React',
  'SQL Server',
  'JavaScript',
  'Power BI',
];

describe('course catalogue', () => {
  it('has one course per training topic of the spec, in order (ASP.NET MVC is the lost third)', () => {
    expect(courses.map((course) => course.topic)).toEqual(trainingTopics);
  });

  it('has unique ids and slugs, and every cover is a file in public/', async () => {
    const { existsSync } = await import('node:fs');
    expect(new Set(courses.map((c) => c.id)).size).toBe(courses.length);
    expect(new Set(courses.map((c) => c.slug)).size).toBe(courses.length);
    for (const course of courses) expect(existsSync(`public${course.url}`), course.url).toBe(true);
  });

  it('prices every course in whole cents with a discount no larger than the fee', () => {
    for (const course of courses) {
      expect(Number.isInteger(course.feesCents)).toBe(true);
      expect(Number.isInteger(course.discountedFeesCents)).toBe(true);
      expect(course.discountedFeesCents).toBeGreaterThan(0);
      expect(course.discountedFeesCents).toBeLessThanOrEqual(course.feesCents);
    }
  });

  it('converts the dollars of the file to cents exactly', () => {
    const entry = data[0]!;
    expect(courses[0]!.feesCents).toBe(Math.round(entry.fees * 100));
    expect(courses[0]!.discountedFeesCents).toBe(Math.round(entry.discountedFees * 100));
  });

  it('finds a course by id and answers undefined for an unknown one', () => {
    expect(courseById(6)?.topic).toBe('React');
    expect(courseById(999)).toBeUndefined();
  });

  it('exposes only the API fields in a summary', () => {
    const summary = toCourseSummary(courses[0]!);
    expect(z.parse(z.strictObject(CourseSummarySchema.shape), summary)).toEqual(summary);
    expect(summary.discountedFees).toBe(courses[0]!.discountedFeesCents / 100);
    expect(Object.keys(summary).sort()).toEqual(
      [
        'courseOverview',
        'discountedFees',
        'discountedFeesInr',
        'fees',
        'feesInr',
        'id',
        'name',
        'review',
        'url',
      ].sort(),
    );
  });
});

describe('CourseSchema', () => {
  const valid = data[0]!;

  it('accepts a catalogue entry', () => {
    expect(CourseSchema.parse(valid)).toEqual(courses[0]);
  });

  it.each([
    ['a discounted fee above the fee', { discountedFees: valid.fees + 1 }],
    ['more than two decimals', { fees: 10.123 }],
    ['a negative fee', { fees: -1 }],
    ['an overview too short for the cart excerpt', { courseOverview: 'Short.' }],
    ['an image outside public/images/courses', { url: 'https://elsewhere.example/x.svg' }],
    ['a non-integer id', { id: 1.5 }],
  ])('rejects %s', (_label, change) => {
    expect(CourseSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
