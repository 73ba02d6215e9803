"""The Five Actions' content packs: the model, the loader and the SAMPLE default pack."""
