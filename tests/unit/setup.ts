/**
 * Runs before every unit test file. Password hashes are made at a small scrypt cost (2^10
 * instead of 2^17, about 100 times cheaper): the accounts, console and shop tests sign up
 * hundreds of people. passwords.test.ts puts the production cost back and checks it. The test
 * gateway is switched on, as `npm start` does.
 */
import { usePasswordCost } from '~/server/domain/auth/passwords';

usePasswordCost({ ln: 10, r: 8, p: 1 });

// The tests pay on the built-in test gateway, which is off unless switched on (DECISIONS 36).
process.env['TEST_GATEWAY'] ??= 'on';
