"""The clerk's register: parcels and owners of record, cases, issued documents and service."""
