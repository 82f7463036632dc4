import { describe, expect, it } from 'vitest';
import { addressKind, hostIssue, isPublicAddress, PUBLIC_WEB_ADDRESS_MESSAGE, webAddressIssue, type AddressKind } from './net-address';
import { gisServiceSaveSchema } from './schemas/gis-services';
import { linkSaveSchema } from './schemas/links';
import { lhaSaveSchema } from './schemas/local-health-authorities';
import { reportFormSchema } from './schemas/reports';

/** Issue 27 item 4 (decision 0056): the stored-address rule, in every spelling an attacker may choose. */

describe('addressKind', () => {
  // Each special-purpose IPv4 block at its first and last address, and the public neighbours just outside it.
  const ipv4: [string, AddressKind][] = [
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['1.0.0.0', 'public'],
    ['9.255.255.255', 'public'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['11.0.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['100.64.0.0', 'shared'],
    ['100.100.100.200', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.128.0.0', 'public'],
    ['126.255.255.255', 'public'],
    ['127.0.0.0', 'loopback'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['128.0.0.0', 'public'],
    ['169.253.255.255', 'public'],
    ['169.254.0.0', 'link-local'],
    ['169.254.169.254', 'link-local'],
    ['169.254.255.255', 'link-local'],
    ['169.255.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.0.0.0', 'reserved'],
    ['192.0.0.192', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['192.0.3.0', 'public'],
    ['192.88.99.1', 'reserved'],
    ['192.167.255.255', 'public'],
    ['192.168.0.0', 'private'],
    ['192.168.255.255', 'private'],
    ['192.169.0.0', 'public'],
    ['198.17.255.255', 'public'],
    ['198.18.0.0', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.20.0.0', 'public'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.7', 'reserved'],
    ['223.255.255.255', 'public'],
    ['224.0.0.0', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.0', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', 'public'],
  ];
  it.each(ipv4)('IPv4 %s is %s', (ip, kind) => expect(addressKind(ip)).toBe(kind));

  const ipv6: [string, AddressKind][] = [
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:0', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:0001', 'loopback'],
    ['0:0:0:0:0:ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['100::1', 'reserved'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['2001::1', 'reserved'],
    ['2001:1ff::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['2001:4860:4860::8888', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ];
  it.each(ipv6)('IPv6 %s is %s', (ip, kind) => expect(addressKind(ip)).toBe(kind));

  it('is null for what is no IP literal, and only a public address is public', () => {
    for (const text of ['', 'localhost', 'gis.example.org', '256.0.0.1', '1.2.3', '1.2.3.4.5', '0x7f000001', '::1::', '1:2:3:4:5:6:7:8:9', '12345::', 'g::1', '[::1']) {
      expect(addressKind(text), text).toBeNull();
      expect(isPublicAddress(text), text).toBe(false);
    }
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
  });
});

/** Every spelling of an inner address the WHATWG parser (browsers, Node's http) reads, with the kind it is. */
const HOSTILE_URLS: readonly [string, RegExp][] = [
  ['http://127.0.0.1:8080/', /loopback/],
  ['http://[::1]:8080/', /loopback/],
  ['http://0x7f000001:8080/', /127\.0\.0\.1 is a loopback/],
  ['http://2130706433/', /127\.0\.0\.1 is a loopback/],
  ['http://017700000001/', /127\.0\.0\.1 is a loopback/],
  ['http://0177.0.0.1/', /127\.0\.0\.1 is a loopback/],
  ['http://0x7f.1/', /127\.0\.0\.1 is a loopback/],
  ['http://127.1/', /127\.0\.0\.1 is a loopback/],
  ['http://127.000.000.001/', /127\.0\.0\.1 is a loopback/],
  ['http://127.0.0.1./', /127\.0\.0\.1 is a loopback/],
  ['http://１２７.０.０.１/', /127\.0\.0\.1 is a loopback/],
  ['http://0/', /unspecified/],
  ['http://0.0.0.0:22/', /unspecified/],
  ['http://[::]/', /unspecified/],
  ['http://[::ffff:127.0.0.1]/', /loopback/],
  ['http://[::ffff:7f00:1]/', /loopback/],
  ['http://[0:0:0:0:0:ffff:7f00:1]/', /loopback/],
  ['http://169.254.169.254/latest/meta-data/', /link-local/],
  ['http://0xa9fea9fe/', /169\.254\.169\.254 is a link-local/],
  ['http://[::ffff:169.254.169.254]/', /link-local/],
  ['http://[fd00:ec2::254]/', /unique local/],
  ['http://100.100.100.200/', /carrier-grade NAT/],
  ['http://10.0.0.1/', /private/],
  ['http://012.1/', /10\.0\.0\.1 is a private/],
  ['http://172.16.0.1/', /private/],
  ['http://172.31.255.254/', /private/],
  ['http://192.168.1.1/', /private/],
  ['http://3232235777/', /192\.168\.1\.1 is a private/],
  ['http://100.64.0.1/', /carrier-grade NAT/],
  ['http://[fe80::1]/', /link-local/],
  ['http://[fc00::1]/', /unique local/],
  ['http://224.0.0.1/', /multicast/],
  ['http://[ff02::1]/', /multicast/],
  ['http://[64:ff9b::7f00:1]/', /loopback/],
  ['http://localhost:8080/', /local machine or network/],
  ['http://LOCALHOST./', /local machine or network/],
  ['http://api.localhost/', /local machine or network/],
  ['http://localhost.localdomain/', /local machine or network/],
  ['http://metadata.google.internal/computeMetadata/v1/', /local machine or network/],
  ['http://printer.local/', /local machine or network/],
  ['http://metadata/', /without a domain/],
  ['http://intranet-gis/', /without a domain/],
  ['https://gis.example.org@127.0.0.1/', /user name or password/],
  ['https://user:secret@gis.example.org/', /user name or password/],
  ['ftp://gis.example.org/', /not an http or https/],
  ['file:///etc/passwd', /not an http or https/],
  ['not a url', /not a web address/],
];

describe('webAddressIssue', () => {
  it.each(HOSTILE_URLS)('refuses %s', (url, reason) => expect(webAddressIssue(url)).toMatch(reason));

  it.each(['https://gis.example.org/arcgis/rest/services/X/MapServer', 'http://8.8.8.8/', 'https://[2606:4700:4700::1111]:8443/', 'https://services.arcgis.com/abc/ArcGIS/rest/services/Y/FeatureServer', 'http://gis.example.org./'])(
    'takes the public address %s',
    (url) => expect(webAddressIssue(url)).toBeNull(),
  );

  it('reads a host by name only for what a save can tell; DNS is the fetch\'s (a public-looking name passes)', () => {
    expect(hostIssue('gis.attack.invalid')).toBeNull();
    expect(hostIssue('127.0.0.1.nip.io')).toBeNull();
    expect(hostIssue('')).toMatch(/no host/);
  });
});

describe('every stored web address refuses an inner host (the save-time half of the rule)', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.success ? [] : result.error!.issues.filter((i) => i.path[0] === 'url').map((i) => i.message);
  // A GIS service's address must end in /MapServer: each hostile origin keeps the valid path.
  const gis = (origin: string) => `${origin.replace(/\/$/, '')}/arcgis/rest/services/X/MapServer`;

  it.each(HOSTILE_URLS.filter(([url]) => /^https?:\/\//.test(url)))('GIS service, link, health authority and report refuse %s', (url) => {
    const message = expect.stringMatching(new RegExp(`^${PUBLIC_WEB_ADDRESS_MESSAGE}: `));
    expect(issues(gisServiceSaveSchema.safeParse({ name: 'Layer', url: gis(url) }))).toEqual([message]);
    expect(issues(linkSaveSchema.safeParse({ title: 'Link', url, category: 'Partners' }))).toEqual([message]);
    expect(issues(lhaSaveSchema.safeParse({ name: 'Health', url }))).toEqual([message]);
    expect(issues(reportFormSchema.safeParse({ title: 'Report', date: '2025-06-02', url }))).toEqual([message]);
  });

  it('takes a public address in each of them', () => {
    const url = 'https://gis.example.org/arcgis/rest/services/X/MapServer';
    expect(gisServiceSaveSchema.safeParse({ name: 'Layer', url }).success).toBe(true);
    expect(issues(linkSaveSchema.safeParse({ title: 'Link', url, category: 'Partners' }))).toEqual([]);
    expect(issues(lhaSaveSchema.safeParse({ name: 'Health', url }))).toEqual([]);
    expect(issues(reportFormSchema.safeParse({ title: 'Report', date: '2025-06-02', url }))).toEqual([]);
  });
});
