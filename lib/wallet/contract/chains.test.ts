// The chains' address checks (docs/deposits-and-kyt.md "Chains"): the EIP-55 vectors of the EIP
// itself, TRON's base58check checksum and version byte, and the forms an address is kept and
// shown in.
import { describe, expect, it } from 'vitest';
import { addressProblem, chainAddress, eip55, shownAddress } from './chains';

// EIP-55's own examples (https://eips.ethereum.org/EIPS/eip-55), and the 'abandon ... about'
// seed's first account as wallets show it.
const EIP55_VECTORS = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
];
const TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

describe('ETHEREUM addresses', () => {
  it.each(EIP55_VECTORS)('%s: eip55 of its lower case, accepted, kept in lower case', (address) => {
    expect(eip55(address.toLowerCase())).toBe(address);
    expect(chainAddress('ETHEREUM', address)).toBe(address.toLowerCase());
    expect(shownAddress('ETHEREUM', address.toLowerCase())).toBe(address);
  });

  it('all lower or all upper case has no checksum to check', () => {
    const lower = EIP55_VECTORS[0]!.toLowerCase();
    expect(chainAddress('ETHEREUM', lower)).toBe(lower);
    expect(chainAddress('ETHEREUM', `0x${lower.slice(2).toUpperCase()}`)).toBe(lower);
  });

  it('mixed case with one letter in the wrong case is refused: its checksum is wrong', () => {
    const wrong = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'; // last d upper-cased
    expect(chainAddress('ETHEREUM', wrong)).toBeUndefined();
    expect(addressProblem('ETHEREUM', wrong)).toBe(
      'must be an ETHEREUM address with a valid EIP-55 checksum (or in one case)',
    );
    expect(addressProblem('ETHEREUM', '0x1234')).toBe(
      'must be an ETHEREUM address: 0x and 40 hex characters',
    );
    expect(addressProblem('ETHEREUM', EIP55_VECTORS[1]!)).toBeUndefined();
  });
});

describe('TRON addresses', () => {
  it('a valid base58check address with version byte 0x41 is accepted as it is', () => {
    expect(chainAddress('TRON', TRON)).toBe(TRON);
    expect(shownAddress('TRON', TRON)).toBe(TRON);
    expect(addressProblem('TRON', TRON)).toBeUndefined();
  });

  it('a broken checksum, or a checksummed payload with another version byte, is refused', () => {
    const broken = `${TRON.slice(0, -1)}J`; // the last character changed: the checksum breaks
    expect(chainAddress('TRON', broken)).toBeUndefined();
    expect(addressProblem('TRON', broken)).toBe(
      'must be a TRON address with a valid base58check checksum and version byte 0x41',
    );
    // base58check of version byte 0x40 and 20 bytes of 0xab: a 'T' and 33 characters, not TRON's.
    expect(addressProblem('TRON', 'T2HKDdnNdnVocAyEnQL53TmVMyacfAoakc')).toBe(
      'must be a TRON address with a valid base58check checksum and version byte 0x41',
    );
    expect(addressProblem('TRON', 'T123')).toBe("must be a TRON address: 'T' and 33 base58 characters");
  });
});
