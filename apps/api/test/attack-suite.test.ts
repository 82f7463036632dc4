/**
 * The attack suite (security issue 8; attack/suite.ts says what it does): the OpenAPI resolvers, the
 * public/staff classification, (a) access, (d) integer boundaries, (e) control characters, (f) streams,
 * (ssrf) stored web addresses and (c) headers. (b), malformed input, runs beside it from attack-malformed.test.ts.
 */
import { defineAttackSuite } from './attack/suite';

defineAttackSuite(['resolvers', 'public', 'a', 'd', 'e', 'f', 'ssrf', 'c']);
