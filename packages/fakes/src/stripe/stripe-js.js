// A stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js) in browser tests; e2e/support/fake-stripe.ts
// serves it in the real one's place. It defines `window.Stripe` with what @stripe/stripe-js and
// @stripe/react-stripe-js use: `elements()` with a card Element drawn as four plain inputs (no iframe) and
// `confirmCardPayment` & co., which call https://api.stripe.com/v1/… with the publishable key and the client
// secret, form-encoded, as Stripe.js does; the test routes that host to the fake Stripe server.
// Plain browser JavaScript: no modules, no build.
(() => {
  const API_BASE = 'https://api.stripe.com';
  const RELEASE_TRAIN = 'endive';

  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = 'IntegrationError';
    }
  }

  // ——— cards ———

  const digitsOf = (text) => String(text ?? '').replace(/\D/g, '');

  function passesLuhn(number) {
    let sum = 0;
    for (let i = 0; i < number.length; i++) {
      let digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return number.length > 0 && sum % 10 === 0;
  }

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
    if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
    if (/^35/.test(number)) return 'jcb';
    if (/^62/.test(number)) return 'unionpay';
    return 'unknown';
  }

  const numberLength = (brand) => (brand === 'amex' ? 15 : brand === 'diners' ? 14 : 16);
  const cvcLength = (brand) => (brand === 'amex' ? 4 : 3);

  function formatNumber(digits) {
    const brand = brandOf(digits);
    const kept = digits.slice(0, numberLength(brand));
    if (brand === 'amex')
      return [kept.slice(0, 4), kept.slice(4, 10), kept.slice(10)].filter(Boolean).join(' ');
    return kept.replace(/(\d{4})(?=\d)/g, '$1 ');
  }

  /** `MM / YY` from whatever was typed or filled: `1234`, `12/34`, `12 / 2034`, `4` (→ `04`). */
  function formatExpiry(raw) {
    const split = String(raw).match(/^\s*(\d{1,2})\s*\/\s*(\d{0,4})\s*$/);
    let digits = split ? split[1].padStart(2, '0') + split[2].slice(-2) : digitsOf(raw).slice(0, 4);
    if (digits.length === 1 && digits > '1') digits = `0${digits}`;
    return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
  }

  const error = (code, message) => ({ type: 'validation_error', code, message });

  /** The card's state from the four fields: what a `change` event reports, and every field's problem. */
  function cardState(values, hidePostalCode, now) {
    const number = digitsOf(values.number);
    const brand = brandOf(number);
    const problems = {};
    if (number.length === 0) problems.number = error('incomplete_number', 'Your card number is incomplete.');
    else if (number.length < numberLength(brand)) {
      problems.number = error('incomplete_number', 'Your card number is incomplete.');
    } else if (!passesLuhn(number)) problems.number = error('invalid_number', 'Your card number is invalid.');

    const expiry = digitsOf(values.expiry);
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2, 4));
    if (expiry.length < 4)
      problems.expiry = error('incomplete_expiry', "Your card's expiration date is incomplete.");
    else if (month < 1 || month > 12) {
      problems.expiry = error('invalid_expiry_month', "Your card's expiration month is invalid.");
    } else if (year < now.getFullYear()) {
      problems.expiry = error('invalid_expiry_year_past', "Your card's expiration year is in the past.");
    } else if (year === now.getFullYear() && month < now.getMonth() + 1) {
      problems.expiry = error('invalid_expiry_month_past', "Your card's expiration date is in the past.");
    }

    const cvc = digitsOf(values.cvc);
    if (cvc.length < cvcLength(brand))
      problems.cvc = error('incomplete_cvc', "Your card's security code is incomplete.");

    if (!hidePostalCode && values.zip.trim() === '') {
      problems.zip = error('incomplete_zip', 'Your postal code is incomplete.');
    }
    const empty = !number && !expiry && !cvc && (hidePostalCode || values.zip.trim() === '');
    return { number, brand, month, year: expiry.slice(2, 4), cvc, zip: values.zip.trim(), problems, empty };
  }

  // ——— the card Element ———

  const FIELDS = [
    {
      name: 'number',
      label: 'Card number',
      placeholder: 'Card number',
      autocomplete: 'cc-number',
      flex: '1 1 9em',
    },
    {
      name: 'expiry',
      label: 'Expiration date MM / YY',
      placeholder: 'MM / YY',
      autocomplete: 'cc-exp',
      flex: '0 0 4.8em',
    },
    { name: 'cvc', label: 'CVC', placeholder: 'CVC', autocomplete: 'cc-csc', flex: '0 0 3.2em' },
    { name: 'zip', label: 'ZIP', placeholder: 'ZIP', autocomplete: 'postal-code', flex: '0 0 4.6em' },
  ];

  /** Element objects → their controllers, so confirmCardPayment can read a card Element's fields. */
  const controllers = new WeakMap();
  let styleCount = 0;

  function createCardElement(group, options) {
    let settings = { ...(options || {}) };
    const handlers = new Map();
    const values = { number: '', expiry: '', cvc: '', zip: settings.value?.postalCode ?? '' };
    const touched = new Set();
    const styleId = `__fake-stripe-card-${++styleCount}`;
    let container = null;
    let root = null;
    let inputs = {};
    let destroyed = false;
    let lastChange = '';

    const emit = (event, payload) => {
      for (const handler of [...(handlers.get(event) || [])]) handler(payload);
    };
    const state = () => cardState(values, settings.hidePostalCode, new Date());

    /** The error a person would see now: a definite one at once, an incomplete one after leaving the field. */
    function shownError(card) {
      for (const field of FIELDS) {
        const problem = card.problems[field.name];
        if (!problem) continue;
        const typed =
          digitsOf(values[field.name]) !== '' || (field.name === 'zip' && values.zip.trim() !== '');
        const definite = !problem.code.startsWith('incomplete_');
        if (typed && (definite || touched.has(field.name))) {
          return { type: problem.type, code: problem.code, message: problem.message };
        }
      }
      return undefined;
    }

    function changeEvent() {
      const card = state();
      const complete = Object.keys(card.problems).length === 0;
      const event = {
        elementType: 'card',
        empty: card.empty,
        complete,
        brand: card.brand,
        value: { postalCode: card.zip },
      };
      const shown = shownError(card);
      if (shown) event.error = shown;
      return event;
    }

    function refreshLook(event) {
      if (!container) return;
      container.classList.toggle('StripeElement--empty', event.empty);
      container.classList.toggle('StripeElement--complete', event.complete);
      container.classList.toggle('StripeElement--invalid', Boolean(event.error));
      const invalidColor = settings.style?.invalid?.color;
      const problems = state().problems;
      for (const field of FIELDS) {
        const input = inputs[field.name];
        if (!input) continue;
        const bad = event.error && problems[field.name] && problems[field.name].code === event.error.code;
        input.style.color = bad && invalidColor ? invalidColor : '';
        input.setAttribute('aria-invalid', bad ? 'true' : 'false');
      }
    }

    function announce(force) {
      const event = changeEvent();
      refreshLook(event);
      const key = JSON.stringify(event);
      if (!force && key === lastChange) return;
      lastChange = key;
      emit('change', event);
    }

    function applyStyle() {
      if (!root) return;
      const base = settings.style?.base || {};
      for (const input of Object.values(inputs)) {
        input.disabled = Boolean(settings.disabled);
        input.style.fontSize = base.fontSize || 'inherit';
        input.style.fontFamily = base.fontFamily || 'inherit';
        input.style.fontWeight = base.fontWeight || 'inherit';
        input.style.lineHeight = base.lineHeight || 'inherit';
        input.style.letterSpacing = base.letterSpacing || 'inherit';
        input.style.color = '';
        if (base.color) root.style.color = base.color;
      }
      inputs.zip.parentElement.style.display = settings.hidePostalCode ? 'none' : '';
      const placeholder = base['::placeholder']?.color;
      let sheet = document.getElementById(styleId);
      if (placeholder) {
        if (!sheet) {
          sheet = document.createElement('style');
          sheet.id = styleId;
          document.head.appendChild(sheet);
        }
        sheet.textContent = `.${styleId} input::placeholder { color: ${placeholder}; }`;
      }
    }

    function onInput(field, input) {
      let value = input.value;
      if (field.name === 'number') value = formatNumber(digitsOf(value));
      else if (field.name === 'expiry') value = formatExpiry(value);
      else if (field.name === 'cvc')
        value = digitsOf(value).slice(0, cvcLength(brandOf(digitsOf(values.number))));
      else value = value.slice(0, 10);
      if (value !== input.value) input.value = value;
      values[field.name] = value;
      announce(false);
    }

    function render(node) {
      root = document.createElement('div');
      root.className = `__FakeStripeCard ${styleId}`;
      root.style.cssText = 'display:flex;align-items:center;gap:0.5em;width:100%;min-width:0;';
      inputs = {};
      for (const field of FIELDS) {
        const cell = document.createElement('span');
        cell.style.cssText = `display:flex;flex:${field.flex};min-width:0;`;
        const input = document.createElement('input');
        input.type = 'text';
        input.name =
          field.name === 'zip'
            ? 'postal'
            : field.name === 'expiry'
              ? 'exp-date'
              : field.name === 'number'
                ? 'cardnumber'
                : 'cvc';
        input.setAttribute('aria-label', field.label);
        input.placeholder = field.placeholder;
        input.autocomplete = field.autocomplete;
        input.inputMode = field.name === 'zip' ? 'text' : 'numeric';
        input.spellcheck = false;
        input.value = values[field.name];
        input.style.cssText =
          'flex:1 1 auto;width:100%;min-width:0;border:0;outline:none;background:transparent;padding:0;margin:0;box-shadow:none;font:inherit;color:inherit;';
        input.addEventListener('input', () => onInput(field, input));
        input.addEventListener('blur', () => {
          touched.add(field.name);
          announce(false);
        });
        cell.appendChild(input);
        root.appendChild(cell);
        inputs[field.name] = input;
      }
      root.addEventListener('focusin', (event) => {
        if (event.relatedTarget && root.contains(event.relatedTarget)) return;
        container?.classList.add('StripeElement--focus');
        emit('focus', { elementType: 'card' });
      });
      root.addEventListener('focusout', (event) => {
        if (event.relatedTarget && root.contains(event.relatedTarget)) return;
        container?.classList.remove('StripeElement--focus');
        emit('blur', { elementType: 'card' });
      });
      // The real card field is an iframe: keys pressed in it never reach the page, Escape comes as `escape`.
      root.addEventListener('keydown', (event) => {
        event.stopPropagation();
        if (event.key === 'Escape') emit('escape', { elementType: 'card' });
      });
      for (const type of ['keyup', 'keypress'])
        root.addEventListener(type, (event) => event.stopPropagation());
      node.appendChild(root);
      applyStyle();
    }

    const alive = () => {
      if (destroyed)
        throw new IntegrationError('This Element has already been destroyed. Please create a new one.');
    };

    const element = {
      mount(target) {
        alive();
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node || typeof node.appendChild !== 'function') {
          throw new IntegrationError(
            `The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.\nMake sure the element exists on the page before calling mount().`,
          );
        }
        if (container) {
          throw new IntegrationError(
            'This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.',
          );
        }
        container = node;
        container.classList.add('StripeElement');
        render(node);
        refreshLook(changeEvent());
        // Stripe.js reports `ready` once its iframe has loaded: later than mount, never during it.
        setTimeout(() => {
          if (container === node && !destroyed) emit('ready', { elementType: 'card' });
        }, 20);
      },
      unmount() {
        alive();
        if (root) root.remove();
        if (container) {
          container.classList.remove(
            'StripeElement',
            'StripeElement--empty',
            'StripeElement--complete',
            'StripeElement--invalid',
            'StripeElement--focus',
          );
        }
        root = null;
        container = null;
        inputs = {};
      },
      destroy() {
        if (destroyed) return;
        element.unmount();
        document.getElementById(styleId)?.remove();
        destroyed = true;
        handlers.clear();
        group.forget('card', element);
      },
      on(event, handler) {
        if (!handlers.has(event)) handlers.set(event, []);
        handlers.get(event).push(handler);
        return element;
      },
      once(event, handler) {
        const wrapped = (payload) => {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      off(event, handler) {
        if (!handler) handlers.delete(event);
        else
          handlers.set(
            event,
            (handlers.get(event) || []).filter((candidate) => candidate !== handler),
          );
        return element;
      },
      update(updates) {
        alive();
        settings = { ...settings, ...(updates || {}) };
        if (updates?.value && typeof updates.value.postalCode === 'string') {
          values.zip = updates.value.postalCode;
          if (inputs.zip) inputs.zip.value = values.zip;
        }
        applyStyle();
        if (root) announce(false);
      },
      focus() {
        alive();
        inputs.number?.focus();
      },
      blur() {
        alive();
        if (root?.contains(document.activeElement)) document.activeElement.blur();
      },
      clear() {
        alive();
        values.number = '';
        values.expiry = '';
        values.cvc = '';
        values.zip = '';
        touched.clear();
        for (const input of Object.values(inputs)) input.value = '';
        announce(true);
      },
    };
    controllers.set(element, {
      isDestroyed: () => destroyed,
      /** The first problem that stops a payment, as confirmCardPayment reports it. */
      submitError() {
        const card = state();
        for (const field of FIELDS) {
          const problem = card.problems[field.name];
          if (problem) return { type: problem.type, code: problem.code, message: problem.message };
        }
        return undefined;
      },
      card() {
        const card = state();
        const data = {
          number: card.number,
          exp_month: String(card.month),
          exp_year: card.year,
          cvc: card.cvc,
        };
        return { data, zip: settings.hidePostalCode ? undefined : card.zip };
      },
    });
    return element;
  }

  function createElements(groupOptions) {
    let options = { ...(groupOptions || {}) };
    const created = new Map();
    const group = {
      forget(type, element) {
        if (created.get(type) === element) created.delete(type);
      },
    };
    return {
      create(type, elementOptions) {
        if (type !== 'card') {
          throw new IntegrationError(
            `The Stripe.js stand-in for tests has only the card Element; it cannot create "${type}".`,
          );
        }
        if (created.has(type)) throw new IntegrationError(`Can only create one Element of type ${type}.`);
        const element = createCardElement(group, elementOptions);
        created.set(type, element);
        return element;
      },
      getElement(typeOrComponent) {
        const type = typeof typeOrComponent === 'string' ? typeOrComponent : typeOrComponent?.__elementType;
        return created.get(type) || null;
      },
      update(updates) {
        options = { ...options, ...(updates || {}) };
      },
      fetchUpdates() {
        return Promise.resolve({});
      },
      get _options() {
        return options;
      },
    };
  }

  // ——— the API ———

  /** Encodes like Stripe.js: nested keys in brackets, arrays with indices. */
  function encode(data) {
    const pairs = [];
    const add = (key, value) => {
      if (value === undefined || value === null) return;
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          add(`${key}[${index}]`, item);
        });
      } else if (typeof value === 'object')
        for (const name of Object.keys(value)) add(`${key}[${name}]`, value[name]);
      else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    };
    for (const key of Object.keys(data)) add(key, data[key]);
    return pairs.join('&');
  }

  async function call(method, path, params) {
    const body = encode(params);
    let response;
    try {
      response =
        method === 'GET'
          ? await fetch(`${API_BASE}${path}?${body}`, { method })
          : await fetch(`${API_BASE}${path}`, {
              method,
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body,
            });
    } catch {
      return {
        error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe.' },
      };
    }
    let json;
    try {
      json = await response.json();
    } catch {
      return { error: { type: 'api_error', message: `Stripe answered ${response.status} without JSON.` } };
    }
    if (!response.ok)
      return { error: json?.error || { type: 'api_error', message: `Stripe answered ${response.status}.` } };
    return { data: json };
  }

  function intentIdOf(clientSecret, method) {
    const id =
      typeof clientSecret === 'string' ? clientSecret.match(/^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/) : null;
    if (!id) {
      throw new IntegrationError(
        `Invalid value for ${method}: clientSecret should be a client secret of the form \${id}_secret_\${secret}. You specified: ${String(clientSecret)}.`,
      );
    }
    return id[1];
  }

  function cardController(element, method) {
    const controller = element && controllers.get(element);
    if (!controller)
      throw new IntegrationError(`Invalid value for ${method}: card should be a card Element.`);
    if (controller.isDestroyed()) {
      throw new IntegrationError('This Element has already been destroyed. Please create a new one.');
    }
    return controller;
  }

  function withPostalCode(billingDetails, zip) {
    const details = { ...(billingDetails || {}) };
    if (zip) details.address = { postal_code: zip, ...(details.address || {}) };
    return details;
  }

  function Stripe(publishableKey, stripeOptions) {
    if (typeof publishableKey !== 'string') {
      throw new IntegrationError(
        `Invalid value for Stripe(): apiKey should be a string. You specified: ${typeof publishableKey}.`,
      );
    }
    if (publishableKey === '') {
      throw new IntegrationError('Please call Stripe() with your publishable key. You used an empty string.');
    }
    if (/^(sk|rk)_/.test(publishableKey)) {
      throw new IntegrationError(
        'You should not use your secret key with Stripe.js. Please pass a publishable key instead.',
      );
    }
    const key = publishableKey;
    const wrappers = [];
    const appInfo = [];

    /** The `payment_method_data` for a card Element, or a validation error for an unfinished card. */
    function cardPaymentMethodData(paymentMethod, method) {
      const controller = cardController(paymentMethod.card, method);
      const problem = controller.submitError();
      if (problem) return { error: problem };
      const card = controller.card();
      return {
        data: {
          type: 'card',
          card: card.data,
          billing_details: withPostalCode(paymentMethod.billing_details, card.zip),
        },
      };
    }

    return {
      _options: { ...(stripeOptions || {}) },
      _wrappers: wrappers,
      _appInfo: appInfo,
      _registerWrapper(wrapper) {
        wrappers.push(wrapper);
      },
      registerAppInfo(info) {
        appInfo.push(info);
      },
      elements(options) {
        return createElements(options);
      },
      async confirmCardPayment(clientSecret, data, options) {
        const id = intentIdOf(clientSecret, 'confirmCardPayment');
        const { payment_method: paymentMethod, ...rest } = data || {};
        const params = {
          ...rest,
          key,
          client_secret: clientSecret,
          expected_payment_method_type: 'card',
          use_stripe_sdk: 'true',
        };
        if (typeof paymentMethod === 'string') params.payment_method = paymentMethod;
        else if (paymentMethod?.card) {
          const built = cardPaymentMethodData(paymentMethod, 'confirmCardPayment');
          if (built.error) return { error: built.error };
          params.payment_method_data = built.data;
        }
        if (options && options.handleActions === false) params.use_stripe_sdk = 'false';
        const result = await call('POST', `/v1/payment_intents/${id}/confirm`, params);
        return result.error ? { error: result.error } : { paymentIntent: result.data };
      },
      async retrievePaymentIntent(clientSecret) {
        const id = intentIdOf(clientSecret, 'retrievePaymentIntent');
        const result = await call('GET', `/v1/payment_intents/${id}`, { key, client_secret: clientSecret });
        return result.error ? { error: result.error } : { paymentIntent: result.data };
      },
      async handleCardAction(clientSecret) {
        // The fake never asks for 3-D Secure, so there is never an action to handle.
        return this.retrievePaymentIntent(clientSecret);
      },
      async createPaymentMethod(first, element, extra) {
        // createPaymentMethod({type, card, billing_details}) or the older createPaymentMethod('card', card, data).
        const request =
          typeof first === 'string' ? { type: first, card: element, ...(extra || {}) } : first || {};
        if (request.type !== 'card') {
          throw new IntegrationError(
            `The Stripe.js stand-in for tests makes card PaymentMethods only, not "${request.type}".`,
          );
        }
        const built = cardPaymentMethodData(request, 'createPaymentMethod');
        if (built.error) return { error: built.error };
        const result = await call('POST', '/v1/payment_methods', { key, ...built.data });
        return result.error ? { error: result.error } : { paymentMethod: result.data };
      },
      async createToken(element, data) {
        const controller = cardController(element, 'createToken');
        const problem = controller.submitError();
        if (problem) return { error: problem };
        const card = controller.card();
        const details = { ...card.data, ...(card.zip && { address_zip: card.zip }), ...(data || {}) };
        const result = await call('POST', '/v1/tokens', { key, card: details });
        return result.error ? { error: result.error } : { token: result.data };
      },
      confirmPayment() {
        throw new IntegrationError(
          'The Stripe.js stand-in for tests has no Payment Element: use confirmCardPayment.',
        );
      },
      confirmCardSetup() {
        throw new IntegrationError('The Stripe.js stand-in for tests does not do SetupIntents.');
      },
    };
  }
  Stripe.version = RELEASE_TRAIN;
  window.Stripe = Stripe;
})();
