"""Prints python-gitlab's view of GitLab's REST endpoints as JSON: one row per (method, path) its
managers call through their CRUD mixins, with the parameters they declare (list filters, create and
update attributes). Run by codegen/audit/extract.ts; needs Debian's python3-gitlab."""
import inspect
import json
import sys

import gitlab
from gitlab import mixins, types
from gitlab.v4 import objects


def attr_type(manager, name):
    t = getattr(manager, "_types", {}).get(name)
    if t is None:
        return None
    if issubclass(t, types.CommaSeparatedListAttribute):
        return "array"
    if issubclass(t, types.ArrayAttribute):
        return "array"
    if issubclass(t, types.FileAttribute):
        return "file"
    return None


def params(manager, names, where, required=()):
    out = []
    for n in names:
        p = {"name": n, "in": where, "required": n in required}
        t = attr_type(manager, n)
        if t:
            p["type"] = t
        out.append(p)
    return out


def attrs(ro):
    if ro is None:
        return (), ()
    return tuple(ro.required), tuple(ro.optional) + tuple(ro.exclusive)


rows = []
for name, cls in inspect.getmembers(objects, inspect.isclass):
    if not name.endswith("Manager") or not getattr(cls, "_path", None):
        continue
    path = cls._path
    item = path + "/{id}"
    without_id = issubclass(cls, mixins.GetWithoutIdMixin)
    if issubclass(cls, mixins.ListMixin):
        rows.append({"method": "GET", "path": path, "manager": name, "params": params(cls, getattr(cls, "_list_filters", ()), "query")})
    if issubclass(cls, mixins.GetMixin) or without_id:
        rows.append({"method": "GET", "path": path if without_id else item, "manager": name, "params": []})
    if issubclass(cls, mixins.CreateMixin):
        req, opt = attrs(getattr(cls, "_create_attrs", None))
        rows.append({"method": "POST", "path": path, "manager": name, "params": params(cls, req + opt, "body", req)})
    if issubclass(cls, mixins.UpdateMixin):
        req, opt = attrs(getattr(cls, "_update_attrs", None))
        method = "POST" if getattr(cls, "_update_uses_post", False) else "PUT"
        rows.append({"method": method, "path": path if without_id else item, "manager": name, "params": params(cls, req + opt, "body", req)})
    if issubclass(cls, mixins.DeleteMixin):
        rows.append({"method": "DELETE", "path": path if without_id else item, "manager": name, "params": []})

json.dump({"version": gitlab.__version__, "rows": rows}, sys.stdout, indent=None)
