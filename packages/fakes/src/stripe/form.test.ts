import { describe, expect, it } from 'vitest';
import { decodeForm, encodeForm, FormError } from './form.ts';

describe('decodeForm', () => {
  it('nests bracketed keys into objects and indexed keys into arrays', () => {
    expect(
      decodeForm(
        'amount=500&currency=usd&metadata[user_id]=7&metadata[note]=a%20b&items[0][price]=price_x&items[0][quantity]=2&items[1][price]=price_y&expand[0]=latest_invoice.confirmation_secret&expand[1]=latest_invoice.payments',
      ),
    ).toEqual({
      amount: '500',
      currency: 'usd',
      metadata: { user_id: '7', note: 'a b' },
      items: [{ price: 'price_x', quantity: '2' }, { price: 'price_y' }],
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
  });

  it('reads percent-encoded brackets, `[]` appends, a leading `?`, and deep hashes', () => {
    expect(decodeForm('?lookup_keys%5B0%5D=coffee&lookup_keys%5B1%5D=tea&active=true')).toEqual({
      lookup_keys: ['coffee', 'tea'],
      active: 'true',
    });
    expect(decodeForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(
      decodeForm(
        'payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242&payment_method_data[billing_details][address][postal_code]=12345',
      ),
    ).toEqual({
      payment_method_data: {
        type: 'card',
        card: { number: '4242424242424242' },
        billing_details: { address: { postal_code: '12345' } },
      },
    });
  });

  it('keeps empty values (Stripe reads them as "unset") and compacts sparse indices in order', () => {
    expect(decodeForm('metadata=&description=')).toEqual({ metadata: '', description: '' });
    expect(decodeForm('items[3][price]=b&items[1][price]=a')).toEqual({
      items: [{ price: 'a' }, { price: 'b' }],
    });
  });

  it('refuses a key used both as a value and as a container', () => {
    expect(() => decodeForm('metadata=x&metadata[a]=1')).toThrow(FormError);
    expect(() => decodeForm('metadata[a]=1&metadata=x')).toThrow(FormError);
  });

  it('reads back what encodeForm (and so the stripe SDK) writes', () => {
    const value = {
      amount: 500,
      metadata: { user_id: '7' },
      items: [{ price: 'price_x' }],
      expand: ['latest_invoice'],
      empty: null,
      skipped: undefined,
    };
    const encoded = encodeForm(value);
    expect(encoded).toBe(
      'amount=500&metadata%5Buser_id%5D=7&items%5B0%5D%5Bprice%5D=price_x&expand%5B0%5D=latest_invoice&empty=',
    );
    expect(decodeForm(encoded)).toEqual({
      amount: '500',
      metadata: { user_id: '7' },
      items: [{ price: 'price_x' }],
      expand: ['latest_invoice'],
      empty: '',
    });
  });
});
