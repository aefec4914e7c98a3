#!/usr/bin/env python3
"""Maps the recorded responses of Adyen's Java SDK tests to the component each one is.

usage: map-mocks.py DOCUMENTS_DIR MOCKS_DIR [DOCUMENT...] > mocks.tsv

For each mock (a .json file under MOCKS_DIR), every schema that an operation or a webhook of the
DOCUMENTs (file names in DOCUMENTS_DIR; by default the newest version of each Adyen document) answers or sends (`responses` and webhooks' `requestBody`,
by `$ref` to a component; every component of a document without paths) is tried: the mock fits a schema when every member it has is a
property the schema declares (followed through `$ref`, `allOf`, `oneOf`/`anyOf`, arrays and
maps), every required property is there and every scalar has the declared JSON type; members
the schema does not declare are counted (APIs add members, and readers skip them). Of the schemas
it fits, the one that declares the most of its members wins, then the one with the fewest
undeclared, then one of the document the mock's folder names (`checkout/` → CheckoutService),
then the first document in name order; a fit with more undeclared members than declared ones
is no fit. A mock that fits none, or that is not JSON, is listed with the reason.
Prints a tab-separated table: mock, document, component, members declared, members undeclared.
"""
import json, os, re, sys

def newest_documents(folder):
    newest = {}
    for name in sorted(os.listdir(folder)):
        match = re.fullmatch(r'(.+)-v(\d+)\.json', name)
        if match and int(match.group(2)) >= newest.get(match.group(1), (0, ''))[0]:
            newest[match.group(1)] = (int(match.group(2)), name)
    return sorted(name for _, name in newest.values())

def answered_components(document):
    found = []
    def add(schema):
        ref = (schema or {}).get('$ref', '')
        if ref.startswith('#/components/schemas/') and ref not in found:
            found.append(ref)
    for section in ('paths', 'webhooks'):
        for item in (document.get(section) or {}).values():
            for operation in item.values():
                if not isinstance(operation, dict):
                    continue
                for response in (operation.get('responses') or {}).values():
                    for content in (response.get('content') or {}).values():
                        add(content.get('schema'))
                if section == 'webhooks':
                    for content in ((operation.get('requestBody') or {}).get('content') or {}).values():
                        add(content.get('schema'))
    if not document.get('paths') and not document.get('webhooks'):
        # An excerpt whose paths are emptied: every component may be an answer.
        found = ['#/components/schemas/' + name for name in (document.get('components') or {}).get('schemas') or {}]
    return found

class Misfit(Exception):
    pass

def resolve(document, schema):
    seen = 0
    while isinstance(schema, dict) and '$ref' in schema:
        ref = schema['$ref']
        if not ref.startswith('#/'):
            return {}
        schema = document
        for part in ref[2:].split('/'):
            schema = schema[part.replace('~1', '/').replace('~0', '~')]
        seen += 1
        if seen > 50:
            return {}
    return schema if isinstance(schema, dict) else {}

def types_of(schema):
    declared = schema.get('type')
    if declared is None:
        return None
    return set(declared) if isinstance(declared, list) else {declared}

def fit(document, schema, value, depth=0):
    """The numbers of members of `value` the schema declares and does not (a pair); raises Misfit
    where it does not fit."""
    schema = resolve(document, schema)
    if depth > 60:
        return (0, 0)
    for key in ('oneOf', 'anyOf'):
        if key in schema:
            best = None
            for variant in schema[key]:
                try:
                    score = fit(document, variant, value, depth + 1)
                    best = score if best is None else max(best, score, key=lambda s: (s[0], -s[1]))
                except Misfit:
                    pass
            if best is None:
                raise Misfit('no variant fits')
            return best
    if 'allOf' in schema:
        merged = {'type': 'object', 'properties': {}, 'required': []}
        for part in schema['allOf']:
            part = resolve(document, part)
            merged['properties'].update(part.get('properties') or {})
            merged['required'] += part.get('required') or []
        schema = merged
    types = types_of(schema)
    if value is None:
        if types is None or 'null' in types or schema.get('nullable'):
            return (0, 0)
        raise Misfit('null')
    if isinstance(value, dict):
        if types is not None and 'object' not in types:
            raise Misfit('an object where the schema says %s' % sorted(types))
        properties = schema.get('properties') or {}
        if not properties:
            extra = schema.get('additionalProperties')
            if isinstance(extra, dict):
                return total(fit(document, extra, member, depth + 1) for member in value.values())
            return (0, 0)
        missing = [name for name in schema.get('required') or [] if name not in value]
        if missing:
            raise Misfit('missing %s' % missing)
        declared, undeclared = 0, 0
        for name, member in value.items():
            if name in properties:
                inner = fit(document, properties[name], member, depth + 1)
                declared, undeclared = declared + 1 + inner[0], undeclared + inner[1]
            else:
                undeclared += 1
        return (declared, undeclared)
    if isinstance(value, list):
        if types is not None and 'array' not in types:
            raise Misfit('an array')
        return total(fit(document, schema.get('items') or {}, element, depth + 1) for element in value)
    kind = {bool: 'boolean', str: 'string', int: 'integer', float: 'number'}[type(value)]
    if types is not None and kind not in types and not (kind == 'integer' and 'number' in types):
        raise Misfit('a %s where the schema says %s' % (kind, sorted(types)))
    return (0, 0)

def total(scores):
    scores = list(scores)
    return (sum(s[0] for s in scores), sum(s[1] for s in scores))

def main():
    documents_folder, mocks_folder = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or newest_documents(documents_folder)
    documents = [(name, json.load(open(os.path.join(documents_folder, name)))) for name in names]
    candidates = [(name, document, ref) for name, document in documents for ref in answered_components(document)]
    for root, _, files in sorted(os.walk(mocks_folder)):
        for file in sorted(files):
            if not file.endswith('.json'):
                continue
            path = os.path.join(root, file)
            mock = os.path.relpath(path, mocks_folder)
            try:
                value = json.load(open(path))
            except ValueError:
                print('%s\t-\t-\tnot JSON' % mock)
                continue
            if not isinstance(value, dict):
                print('%s\t-\t-\tnot an object' % mock)
                continue
            folder = mock.split('/')[0].lower() if '/' in mock else ''
            best = None
            for name, document, ref in candidates:
                try:
                    declared, undeclared = fit(document, {'$ref': ref}, value)
                except Misfit:
                    continue
                rank = (declared, -undeclared, bool(folder) and name.lower().startswith(folder[:8]))
                if declared > undeclared and (best is None or rank > best[0]):
                    best = (rank, name, ref.split('/')[-1], declared, undeclared)
            if best is None:
                print('%s\t-\t-\tfits no response' % mock)
            else:
                print('%s\t%s\t%s\t%d\t%d' % (mock, best[1], best[2], best[3], best[4]))

main()
